// Every `check('XX-AREA-NN', …)` call in suites/, read from the sources: the catalog
// test compares it with each module's suite index (SystemModule.suites, which a run
// uses) and proves every declared check is implemented exactly once. Tests only.
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
