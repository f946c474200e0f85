// bench:wan — what a round trip costs a certification run (issue 19): `wirecheck run webhook
// --target external` against the bundled receiver (PostgreSQL, probe on), once on loopback
// and once through ../shared/tools/latency-proxy.mjs at 50 ms round-trip time (25 ms each
// way), each with --workers 4 (independent suite files side by side) and with
// --workers 1 (the default: one file after another). The goal: at 50 ms the run with
// --workers 4 takes at most 1.5× the suite's loopback time as it runs by default
// (--workers 1); the ratio with --workers 4 on both sides is recorded beside it. Every run
// must pass (exit 0) with the same totals; timing never decides the exit code.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { pathToFileURL } from 'node:url';
import { benchMain, intArg, log as defaultLog, type BenchOutcome } from './lib/bench-main.ts';
import { round3 } from './lib/percentiles.ts';
import { dropSchema, schemaName } from './lib/postgres.ts';
import { BENCH_SECRET, startReceiver } from './lib/receiver.ts';
import { ProcessGroup, freePort } from './lib/reference-process.ts';
import { PROJECT_ROOT } from './lib/results.ts';

export const WAN_TO_LOOPBACK_LIMIT = 1.5;
const LATENCY_PROXY = join(PROJECT_ROOT, '..', 'shared', 'tools', 'latency-proxy.mjs');

interface RunFigures {
  readonly workers: number;
  readonly rttMs: number;
  readonly wallSec: number;
  readonly exitCode: number | null;
  readonly totals: Record<string, number>;
}

export interface WanFigures {
  readonly runs: readonly RunFigures[];
  /**
   * The goal's figure: the staging run (50 ms RTT, --workers 4) over the suite's loopback time
   * as it runs by default (--workers 1), the time the issue measured 2.6× against.
   */
  readonly ratio: number;
  /** 50 ms RTT over loopback, both --workers 4: what the round trips still cost concurrent files. */
  readonly ratioSameWorkers: number;
  /** The same, both --workers 1: what one file after another costs. */
  readonly ratioOneWorker: number;
  readonly limit: number;
}

/** The proxy in front of `upstream`, `oneWayMs` each way; stopped with the returned function. */
async function latencyProxy(upstream: string, oneWayMs: number): Promise<{ url: string; stop: () => void }> {
  const port = await freePort();
  const child = spawn(process.execPath, [LATENCY_PROXY, String(port), new URL(upstream).host, String(oneWayMs)], { stdio: ['ignore', 'pipe', 'inherit'] });
  const lines = createInterface({ input: child.stdout });
  for await (const line of lines) if (line.startsWith('listening')) break;
  return { url: `http://127.0.0.1:${port}`, stop: () => child.kill('SIGKILL') };
}

async function timedRun(baseUrl: string, workers: number, rttMs: number): Promise<RunFigures> {
  const reportDir = mkdtempSync(join(tmpdir(), 'wirecheck-bench-wan-'));
  const args = [
    join(PROJECT_ROOT, 'bin', 'wirecheck.js'), 'run', 'webhook', '--target', 'external', '--base-url', baseUrl, '--secret', BENCH_SECRET,
    '--probe', '--version-field', 'data.version', '--workers', String(workers), '--seed', '20261121', '--no-allure', '--report-dir', reportDir,
  ];
  const started = process.hrtime.bigint();
  const exitCode = await new Promise<number | null>((resolve) => {
    spawn(process.execPath, args, { cwd: PROJECT_ROOT, stdio: 'ignore' }).once('exit', resolve);
  });
  const wallSec = round3(Number(process.hrtime.bigint() - started) / 1e9);
  const summary = JSON.parse(readFileSync(join(reportDir, 'summary.json'), 'utf8')) as { totals: Record<string, number> };
  rmSync(reportDir, { recursive: true, force: true });
  return { workers, rttMs, wallSec, exitCode, totals: summary.totals };
}

export async function runWan(options: { databaseUrl: string; rttMs: number; log?: (line: string) => void }): Promise<BenchOutcome<WanFigures>> {
  const log = options.log ?? defaultLog;
  const group = new ProcessGroup();
  const schema = schemaName('wan');
  const runs: RunFigures[] = [];
  try {
    const receiver = await startReceiver(group, { store: 'postgres', databaseUrl: options.databaseUrl, schema });
    const proxy = await latencyProxy(receiver.url, options.rttMs / 2);
    try {
      for (const workers of [4, 1]) {
        for (const [url, rttMs] of [[receiver.url, 0], [proxy.url, options.rttMs]] as const) {
          const run = await timedRun(url, workers, rttMs);
          log(`wan: --workers ${workers}, ${rttMs} ms RTT: ${run.wallSec} s, exit ${run.exitCode}, totals ${JSON.stringify(run.totals)}`);
          runs.push(run);
        }
      }
    } finally {
      proxy.stop();
    }
  } finally {
    await group.stopAll();
    await dropSchema(options.databaseUrl, schema);
  }
  const wall = (workers: number, rttMs: number) => runs.find((r) => r.workers === workers && r.rttMs === rttMs)?.wallSec ?? Number.NaN;
  const figures: WanFigures = {
    runs,
    ratio: round3(wall(4, options.rttMs) / wall(1, 0)),
    ratioSameWorkers: round3(wall(4, options.rttMs) / wall(4, 0)),
    ratioOneWorker: round3(wall(1, options.rttMs) / wall(1, 0)),
    limit: WAN_TO_LOOPBACK_LIMIT,
  };
  const first = JSON.stringify(runs[0]?.totals);
  const problems = [
    ...runs.filter((r) => r.exitCode !== 0).map((r) => `the run with --workers ${r.workers} at ${r.rttMs} ms RTT exited ${r.exitCode}`),
    ...runs.filter((r) => JSON.stringify(r.totals) !== first).map((r) => `the run with --workers ${r.workers} at ${r.rttMs} ms RTT counted ${JSON.stringify(r.totals)}, the first ${first}`),
  ];
  return { figures, ok: problems.length === 0, problems };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  await benchMain('wan', { rtt: { type: 'string', default: '50' } }, (args) => runWan({ databaseUrl: args.databaseUrl, rttMs: intArg(args, 'rtt'), log: args.log }));
}
