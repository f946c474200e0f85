// bench:storm — N identical deliveries (one event id) released together over two
// receiver instances sharing one PostgreSQL, with last-byte sync (the harness's
// raceRequests): the spread of their arrival, measured at the client (release loop)
// and inside each server process (body complete, answer finished), acks/s, and —
// through the probe — exactly one record and one business effect.
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { raceRequests, type ParsedResponse } from '../harness/http/index.ts';
import { benchMain, intArg, log as defaultLog, type BenchOutcome } from './lib/bench-main.ts';
import { dropSchema, schemaName } from './lib/postgres.ts';
import { checkExactlyOnce, summarize } from './lib/probe-check.ts';
import { BENCH_SECRET, startReceiver } from './lib/receiver.ts';
import { ProcessGroup, type RefProcess } from './lib/reference-process.ts';
import { runTag, signedDelivery } from './lib/signed-events.ts';
import { round3 } from './lib/percentiles.ts';

export interface StormOptions {
  readonly databaseUrl: string;
  readonly deliveries: number;
  readonly instances: number;
  readonly log?: (line: string) => void;
}

interface Tap {
  readonly arrivals: number[];
  readonly finishes: number[];
}

export interface StormFigures {
  readonly deliveries: number;
  readonly instances: number;
  readonly statusCounts: Record<string, number>;
  readonly transportErrors: number;
  /** Client: time between the first and the last final byte written (raceRequests). */
  readonly clientReleaseSpreadMs: number;
  /** Servers: first to last body completed, over both instances and per instance. */
  readonly serverArrivalSpreadMs: number;
  readonly serverArrivalSpreadPerInstanceMs: number[];
  /** Deliveries whose body was complete before the first answer left either server. */
  readonly arrivedBeforeFirstAnswer: number;
  /** Most deliveries complete and not yet answered at one instant, over the instances: real overlap. */
  readonly maxInFlight: number;
  /** First body complete to last answer finished, across the instances. */
  readonly serverSpanMs: number;
  readonly acksPerSec: number;
  readonly exactlyOnce: Record<string, unknown>;
}

/** The largest number of deliveries between body complete and answer finished at one time. */
function maxInFlight(arrivals: readonly number[], finishes: readonly number[]): number {
  const events = [...arrivals.map((t) => [t, 1] as const), ...finishes.map((t) => [t, -1] as const)].sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  let current = 0;
  let max = 0;
  for (const [, delta] of events) max = Math.max(max, (current += delta));
  return max;
}

const spread = (values: readonly number[]) => (values.length ? round3(Math.max(...values) - Math.min(...values)) : 0);

export async function runStorm(options: StormOptions): Promise<BenchOutcome<StormFigures>> {
  const log = options.log ?? defaultLog;
  const group = new ProcessGroup();
  const schema = schemaName('bench_storm');
  const tapDir = mkdtempSync(join(tmpdir(), 'wirecheck-storm-'));
  const tapFiles = Array.from({ length: options.instances }, (_, i) => join(tapDir, `instance-${i}.json`));
  try {
    const receivers: RefProcess[] = [];
    for (const [i, file] of tapFiles.entries()) {
      receivers.push(await startReceiver(group, {
        store: 'postgres', databaseUrl: options.databaseUrl, schema, name: `storm-receiver-${i}`,
        env: { BENCH_ARRIVAL_FILE: file }, nodeArgs: ['--import', pathToFileURL(join(import.meta.dirname, 'lib', 'arrival-tap.ts')).href],
      }));
    }
    const delivery = signedDelivery(BENCH_SECRET, `storm_${runTag()}`);
    const request = { method: 'POST', target: 'webhooks/payments', headers: [['Content-Type', 'application/json'], ['x-webhook-signature', delivery.signature]] as [string, string][], body: delivery.body };
    log(`storm: ${options.deliveries} identical deliveries over ${options.instances} instances, released together`);
    const race = await raceRequests(Array.from({ length: options.deliveries }, (_, i) => ({ baseUrl: `${receivers[i % receivers.length]?.url ?? ''}/`, request })), { timeoutMs: 60_000 });
    const statusCounts: Record<string, number> = {};
    let transportErrors = 0;
    for (const outcome of race.outcomes) {
      if (outcome instanceof Error) transportErrors += 1;
      else statusCounts[String((outcome as ParsedResponse).statusCode)] = (statusCounts[String((outcome as ParsedResponse).statusCode)] ?? 0) + 1;
    }
    const report = await checkExactlyOnce(receivers[0]?.url ?? '', [delivery.id], [], { timeoutMs: 60_000 });
    const other = receivers[1] ? await checkExactlyOnce(receivers[1].url, [delivery.id], [], { timeoutMs: 10_000 }) : report;
    await group.stopAll();
    const taps = tapFiles.map((f) => JSON.parse(readFileSync(f, 'utf8')) as Tap);
    const arrivals = taps.flatMap((t) => t.arrivals);
    const finishes = taps.flatMap((t) => t.finishes);
    const firstAnswer = Math.min(...finishes);
    const spanMs = finishes.length && arrivals.length ? Math.max(...finishes) - Math.min(...arrivals) : NaN;
    const acks = statusCounts['202'] ?? 0;
    const figures: StormFigures = {
      deliveries: options.deliveries,
      instances: options.instances,
      statusCounts,
      transportErrors,
      clientReleaseSpreadMs: round3(race.releaseSpreadMs),
      serverArrivalSpreadMs: spread(arrivals),
      serverArrivalSpreadPerInstanceMs: taps.map((t) => spread(t.arrivals)),
      arrivedBeforeFirstAnswer: arrivals.filter((a) => a < firstAnswer).length,
      maxInFlight: maxInFlight(arrivals, finishes),
      serverSpanMs: round3(spanMs),
      acksPerSec: Math.round(acks / (spanMs / 1000)),
      exactlyOnce: { holds: report.ok === 1 && other.ok === 1, ...summarize(report) },
    };
    const problems: string[] = [];
    if (acks !== options.deliveries) problems.push(`${acks} of ${options.deliveries} answered 202: ${JSON.stringify(statusCounts)}, ${transportErrors} transport errors`);
    if (figures.exactlyOnce['holds'] !== true) problems.push(`not exactly one record and one effect: ${JSON.stringify(report.wrong[0] ?? report.missing)}`);
    return { figures, ok: problems.length === 0, problems };
  } finally {
    await group.stopAll();
    await dropSchema(options.databaseUrl, schema);
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  await benchMain('storm', { deliveries: { type: 'string', default: '1000' }, instances: { type: 'string', default: '2' } }, (args) =>
    runStorm({ databaseUrl: args.databaseUrl, deliveries: intArg(args, 'deliveries'), instances: intArg(args, 'instances'), log: args.log }));
}
