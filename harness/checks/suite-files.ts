// Which suite file implements which check: every `check('XX-AREA-NN', …)` call in
// suites/. A run forks only the files of its selected checks (each fork costs about
// half a second), and the catalog test uses the same scan to prove every declared
// check is implemented exactly once.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { PROJECT_ROOT } from '../project-paths.ts';

const CHECK_CALL = /\bcheck\(\s*'([A-Z]+-[A-Z]+-\d{2})'/g;

function testFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return testFiles(path);
    return entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

export interface Implementation {
  readonly id: string;
  /** Relative to the project root, with forward slashes. */
  readonly file: string;
}

export function implementations(): Implementation[] {
  return testFiles(join(PROJECT_ROOT, 'suites')).flatMap((path) => {
    const file = relative(PROJECT_ROOT, path).split('\\').join('/');
    return [...readFileSync(path, 'utf8').matchAll(CHECK_CALL)].map((m) => ({ id: m[1] ?? '', file }));
  });
}

/** The suite files implementing any of these check ids. */
export function suiteFilesOf(ids: Iterable<string>): string[] {
  const wanted = new Set(ids);
  return [...new Set(implementations().filter((i) => wanted.has(i.id)).map((i) => i.file))].sort();
}
