// --baseline FILE, read and validated while the run's options are (run-config.ts):
// a missing file or a bad entry is a usage error listed with every other problem.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { findCheck } from '../../systems/catalog.ts';
import type { Baseline } from './baseline-entry.ts';
import { parseBaseline } from './parse-baseline.ts';

export function loadBaseline(path: string, cwd: string, problems: string[]): Baseline | undefined {
  const file = resolve(cwd, path);
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    problems.push(`--baseline ${path}: ${code === 'ENOENT' ? 'no such file' : `cannot be read (${code ?? (error as Error).message})`}; \`wirecheck baseline write\` creates one`);
    return undefined;
  }
  const { entries, problems: found } = parseBaseline(text, path, findCheck);
  problems.push(...found);
  return entries ? Object.freeze({ file, entries: Object.freeze(entries) }) : undefined;
}
