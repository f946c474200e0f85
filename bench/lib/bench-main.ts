// The frame of every `npm run bench:<name>`: wait for a quiet machine, record the
// machine and the load before and after, run, write bench/results/<name>.json, and
// exit non-zero when a correctness condition (zero loss, exactly once) failed.
import { parseArgs } from 'node:util';
import { loadAverage, machineInfo, waitForQuietMachine, type QuietWait } from './machine.ts';
import { benchDatabaseUrl } from './postgres.ts';
import { resultPath, writeResult } from './results.ts';

export interface BenchOutcome<T> {
  readonly figures: T;
  /** Correctness held (timing never decides this). */
  readonly ok: boolean;
  readonly problems: readonly string[];
}

export interface BenchArgs {
  readonly values: Record<string, string | boolean | undefined>;
  readonly databaseUrl: string;
  readonly log: (line: string) => void;
}

export type OptionSpec = Record<string, { type: 'string' | 'boolean'; default?: string | boolean }>;

export const log = (line: string) => process.stderr.write(`[bench ${new Date().toISOString().slice(11, 19)}] ${line}\n`);

export function intArg(args: BenchArgs, name: string): number {
  const value = Number(args.values[name]);
  if (!Number.isInteger(value) || value < 0) throw new Error(`--${name} must be a non-negative integer, got ${String(args.values[name])}`);
  return value;
}

/**
 * `quietFirst: false` for a bench that makes its own load and waits for a quiet machine
 * later itself (bench:under-load): --no-wait is then its own to read.
 */
export async function benchMain<T>(name: string, options: OptionSpec, run: (args: BenchArgs) => Promise<BenchOutcome<T>>, frame: { quietFirst?: boolean } = {}): Promise<void> {
  const { values } = parseArgs({ options: { ...options, 'no-wait': { type: 'boolean', default: false }, out: { type: 'string' } }, strict: true });
  const databaseUrl = benchDatabaseUrl();
  let quietWait: QuietWait | undefined;
  if (!values['no-wait'] && frame.quietFirst !== false) quietWait = await waitForQuietMachine({ log });
  const before = loadAverage();
  const startedAt = new Date().toISOString();
  log(`${name}: start (load average ${before.join(' ')})`);
  const outcome = await run({ values, databaseUrl, log });
  const after = loadAverage();
  const path = typeof values['out'] === 'string' ? values['out'] : resultPath(name);
  writeResult(path, {
    schema: 'wirecheck.bench/v1',
    benchmark: name,
    command: `npm run bench:${name}${process.argv.length > 2 ? ` -- ${process.argv.slice(2).join(' ')}` : ''}`,
    startedAt,
    finishedAt: new Date().toISOString(),
    machine: await machineInfo(databaseUrl),
    load: { before, after, ...(quietWait ? { quietWait } : {}) },
    figures: { ...outcome.figures, correct: outcome.ok, problems: outcome.problems },
  });
  log(`${name}: ${outcome.ok ? 'correct' : `INCORRECT: ${outcome.problems.join('; ')}`} — written to ${path} (load average after ${after.join(' ')})`);
  process.exitCode = outcome.ok ? 0 : 1;
}
