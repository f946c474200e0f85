// Where figures go: bench/results/<name>.json, committed, one file per benchmark
// (the latest full run), each carrying the command, the machine and the load.
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { MachineInfo, QuietWait } from './machine.ts';

export const BENCH_DIR = join(import.meta.dirname, '..');
export const PROJECT_ROOT = join(BENCH_DIR, '..');
/** Where the reference programs are started from: this checkout, or BENCH_REFERENCE_ROOT (a patched copy). */
export const REFERENCE_ROOT = process.env['BENCH_REFERENCE_ROOT'] || PROJECT_ROOT;
export const RESULTS_DIR = join(BENCH_DIR, 'results');

export interface ResultEnvelope<T> {
  readonly schema: 'wirecheck.bench/v1';
  readonly benchmark: string;
  readonly command: string;
  readonly startedAt: string;
  readonly finishedAt: string;
  readonly machine: MachineInfo;
  readonly load: { readonly before: number[]; readonly after: number[]; readonly quietWait?: QuietWait };
  readonly figures: T;
}

export function writeResult(path: string, envelope: ResultEnvelope<unknown>): string {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, `${JSON.stringify(envelope, null, 2)}\n`);
  return path;
}

export function resultPath(name: string): string {
  return join(RESULTS_DIR, `${name}.json`);
}
