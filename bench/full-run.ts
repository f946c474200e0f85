// bench:fullrun — the full certification run `npm start` performs (every system
// against its bundled reference, reports included), timed end to end: wall time,
// checks per second, and the ratio to the 45 s target of issue 7.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { benchMain, log as defaultLog, type BenchOutcome } from './lib/bench-main.ts';
import { round3 } from './lib/percentiles.ts';

export const FULL_RUN_TARGET_SEC = 45;
const ROOT = join(import.meta.dirname, '..');

export interface FullRunFigures {
  readonly wallSec: number;
  readonly checks: number;
  readonly checksPerSec: number;
  readonly totals: Record<string, number>;
  readonly targetSec: number;
  readonly ratioToTarget: number;
  readonly exitCode: number | null;
}

interface Summary {
  readonly exitCode: number;
  readonly totals: Record<string, number>;
  readonly checks: readonly unknown[];
}

export async function runFullRun(options: { log?: (line: string) => void }): Promise<BenchOutcome<FullRunFigures>> {
  const log = options.log ?? defaultLog;
  const reportDir = mkdtempSync(join(tmpdir(), 'wirecheck-bench-fullrun-'));
  // As `npm start` runs it: no DATABASE_URL, so the references use their embedded store.
  const env = { ...process.env };
  delete env['DATABASE_URL'];
  const started = process.hrtime.bigint();
  const exitCode = await new Promise<number | null>((resolve) => {
    const child = spawn(process.execPath, [join(ROOT, 'bin', 'wirecheck.js'), 'run', 'all', '--seed', '20261121', '--report-dir', reportDir], { cwd: ROOT, env, stdio: 'ignore' });
    child.once('exit', resolve);
  });
  const wallSec = Number(process.hrtime.bigint() - started) / 1e9;
  const summary = JSON.parse(readFileSync(join(reportDir, 'summary.json'), 'utf8')) as Summary;
  rmSync(reportDir, { recursive: true, force: true });
  const figures: FullRunFigures = {
    wallSec: round3(wallSec), checks: summary.checks.length, checksPerSec: round3(summary.checks.length / wallSec),
    totals: summary.totals, targetSec: FULL_RUN_TARGET_SEC, ratioToTarget: round3(wallSec / FULL_RUN_TARGET_SEC), exitCode,
  };
  log(`fullrun: ${figures.checks} checks in ${figures.wallSec} s (${figures.checksPerSec}/s), exit ${exitCode}`);
  const problems = exitCode === 0 ? [] : [`wirecheck run all exited ${exitCode}`];
  return { figures, ok: problems.length === 0, problems };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  await benchMain('fullrun', {}, (args) => runFullRun({ log: args.log }));
}
