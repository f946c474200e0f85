// bench:hostile — what a hostile party costs (issue 17), in one run:
// 1. the harness against a hostile target: `wirecheck run` against a target that passes
//    the preflight and then answers with an endless chunked body or a 2 GiB
//    Content-Length; the peak resident memory of every process of the run (the kernel's
//    high-water mark), against the limit of 300 MiB;
// 2. the references against a slow client: connections that send their headers and then
//    one body byte a second, to each reference started as `wirecheck serve`; how long
//    until the reference drops each, against its request timeout.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { PEAK_RSS_LIMIT_MIB, runAgainstHostileTarget, type AttackedSystem } from '../test/hostile-target/run-against-hostile-target.ts';
import type { HostileBehaviour } from '../test/hostile-target/hostile-answers.ts';
import { benchMain, log as defaultLog, type BenchOutcome } from './lib/bench-main.ts';
import { round3 } from './lib/percentiles.ts';
import { measureSlowBodies, type SlowBodyFigures } from './lib/slow-body.ts';

interface HarnessCase {
  readonly system: AttackedSystem;
  readonly behaviour: HostileBehaviour;
  readonly checks: string;
  readonly exitCode: number;
  readonly wallSec: number;
  readonly peakMiB: number;
  readonly peakProcess: string;
  readonly ratioToLimit: number;
}

export interface HostileFigures {
  readonly harness: readonly HarnessCase[];
  readonly rssLimitMiB: number;
  readonly slowBodies: readonly SlowBodyFigures[];
}

const CASES: readonly [AttackedSystem, HostileBehaviour, string][] = [
  ['resource-api', 'endless-chunked-body', 'RA-PREF-02'],
  ['resource-api', 'endless-chunked-body', 'RA-PACT-01'],
  ['resource-api', 'huge-content-length', 'RA-PREF-02,RA-PACT-01'],
  ['webhook', 'endless-chunked-body', 'WH-ACK-01'],
  ['device-server', 'endless-chunked-body', 'DS-SESS-01'],
];

async function harnessCase(system: AttackedSystem, behaviour: HostileBehaviour, checks: string, log: (line: string) => void): Promise<HarnessCase> {
  const scratch = mkdtempSync(join(tmpdir(), 'wirecheck-bench-hostile-'));
  try {
    const { run, peaks, wallSec } = await runAgainstHostileTarget(system, behaviour, checks, scratch);
    const peak = peaks.reduce((a, b) => (b.mib > a.mib ? b : a), { process: 'none', mib: 0 });
    log(`hostile: ${system} ${checks} against ${behaviour}: exit ${run.exitCode} in ${round3(wallSec)} s, peak ${peak.mib} MiB (${peak.process})`);
    return { system, behaviour, checks, exitCode: run.exitCode, wallSec: round3(wallSec), peakMiB: peak.mib, peakProcess: peak.process, ratioToLimit: round3(peak.mib / PEAK_RSS_LIMIT_MIB) };
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

export async function runHostile(options: { connections: number; log?: (line: string) => void }): Promise<BenchOutcome<HostileFigures>> {
  const log = options.log ?? defaultLog;
  const harness: HarnessCase[] = [];
  for (const [system, behaviour, checks] of CASES) harness.push(await harnessCase(system, behaviour, checks, log));
  const slowBodies = await measureSlowBodies({ connections: options.connections, log });
  const problems = [
    ...harness.filter((c) => c.peakMiB >= PEAK_RSS_LIMIT_MIB).map((c) => `${c.system} ${c.checks} against ${c.behaviour}: peak ${c.peakMiB} MiB (${c.peakProcess}), limit ${PEAK_RSS_LIMIT_MIB}`),
    ...harness.filter((c) => c.exitCode !== 1).map((c) => `${c.system} ${c.checks} against ${c.behaviour}: exit ${c.exitCode}, not 1`),
    ...slowBodies.flatMap((s) => s.problems),
  ];
  return { figures: { harness, rssLimitMiB: PEAK_RSS_LIMIT_MIB, slowBodies }, ok: problems.length === 0, problems };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  await benchMain('hostile', { connections: { type: 'string', default: '200' } }, (args) => runHostile({ connections: Number(args.values['connections']), log: args.log }));
}
