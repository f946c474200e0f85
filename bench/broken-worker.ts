// bench:brokenworker — how fast a webhook run fails against a receiver whose business
// work never completes, against a passing run of the same receiver, in one run: the
// bundled reference, clean, then with its worker switched off (fault no-worker). Each
// is `wirecheck run webhook` end to end. The limit (issue 21): the broken run takes at
// most 2× the passing one, because the first stall is named once (--work-timeout,
// default 10 s) and every later wait for work fails at once with it.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { benchMain, log as defaultLog, type BenchOutcome } from './lib/bench-main.ts';
import { round3 } from './lib/percentiles.ts';

export const BROKEN_TO_PASSING_LIMIT = 2;
const ROOT = join(import.meta.dirname, '..');

interface RunFigures {
  readonly wallSec: number;
  readonly exitCode: number | null;
  readonly totals: Record<string, number>;
  readonly failed: readonly string[];
}

export interface BrokenWorkerFigures {
  readonly passing: RunFigures;
  readonly brokenWorker: RunFigures;
  readonly ratio: number;
  readonly limit: number;
}

interface Summary {
  readonly totals: Record<string, number>;
  readonly checks: readonly { id: string; outcome: string }[];
}

async function timedRun(extra: readonly string[]): Promise<RunFigures> {
  const reportDir = mkdtempSync(join(tmpdir(), 'wirecheck-bench-brokenworker-'));
  // As `npm start` runs it: the reference on its embedded store.
  const env = { ...process.env };
  delete env['DATABASE_URL'];
  const started = process.hrtime.bigint();
  const exitCode = await new Promise<number | null>((resolve) => {
    const args = [join(ROOT, 'bin', 'wirecheck.js'), 'run', 'webhook', '--seed', '20261121', '--no-allure', '--report-dir', reportDir, ...extra];
    spawn(process.execPath, args, { cwd: ROOT, env, stdio: 'ignore' }).once('exit', resolve);
  });
  const wallSec = round3(Number(process.hrtime.bigint() - started) / 1e9);
  const summary = JSON.parse(readFileSync(join(reportDir, 'summary.json'), 'utf8')) as Summary;
  rmSync(reportDir, { recursive: true, force: true });
  return { wallSec, exitCode, totals: summary.totals, failed: summary.checks.filter((c) => c.outcome === 'failed').map((c) => c.id) };
}

export async function runBrokenWorker(options: { log?: (line: string) => void }): Promise<BenchOutcome<BrokenWorkerFigures>> {
  const log = options.log ?? defaultLog;
  const passing = await timedRun([]);
  log(`brokenworker: passing run ${passing.wallSec} s, exit ${passing.exitCode}`);
  const brokenWorker = await timedRun(['--reference-fault', 'no-worker']);
  log(`brokenworker: broken-worker run ${brokenWorker.wallSec} s, exit ${brokenWorker.exitCode}, failed ${brokenWorker.failed.join(', ')}`);
  const figures: BrokenWorkerFigures = { passing, brokenWorker, ratio: round3(brokenWorker.wallSec / passing.wallSec), limit: BROKEN_TO_PASSING_LIMIT };
  const problems = [
    ...(passing.exitCode === 0 ? [] : [`the passing run exited ${passing.exitCode}`]),
    ...(brokenWorker.exitCode === 1 ? [] : [`the broken-worker run exited ${brokenWorker.exitCode}, not 1`]),
    ...(brokenWorker.failed.includes('WH-PROC-01') ? [] : ['the broken-worker run did not fail WH-PROC-01']),
  ];
  return { figures, ok: problems.length === 0, problems };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  await benchMain('brokenworker', {}, (args) => runBrokenWorker({ log: args.log }));
}
