// bench:crash — zero loss under crashes. Under steady load: (1) the receiver (with its
// in-process worker) killed with SIGKILL at random moments and restarted on the same
// database, N cycles; (2) the same for a worker process (receiver WORKER=0 stays up);
// (3) PostgreSQL stopped mid-load and started again: the receiver answers 503, never
// 202, while it is down, and recovers. Then, through the probe: every event answered
// 202 has exactly one record and one effect; nothing answered non-2xx, and no forged
// delivery, was recorded; an event whose answer was lost is absent or exactly once.
import { setTimeout as sleep } from 'node:timers/promises';
import { pathToFileURL } from 'node:url';
import { benchMain, intArg, log as defaultLog, type BenchOutcome } from './lib/bench-main.ts';
import { clusterOutage, proxyOutage, type Outage } from './lib/outage.ts';
import { dropSchema, schemaName, withClient } from './lib/postgres.ts';
import { waitForDrain } from './lib/drain.ts';
import { checkAbsentOrOnce, checkExactlyOnce, summarize } from './lib/probe-check.ts';
import { startReceiver } from './lib/receiver.ts';
import { ENTRY, ProcessGroup, type RefProcess } from './lib/reference-process.ts';
import { runTag } from './lib/signed-events.ts';
import { prng } from './lib/prng.ts';
import { SteadyLoad, splitLedger, type LedgerEntry } from './lib/steady-load.ts';

export interface CrashOptions {
  readonly databaseUrl: string;
  readonly receiverCycles: number;
  readonly workerCycles: number;
  /** 'cluster' (a throwaway PostgreSQL cluster, root), 'proxy' (a TCP proxy), or 'none'. */
  readonly outage: 'cluster' | 'proxy' | 'none';
  /** Random kill moment after each start, in ms. */
  readonly minUpMs: number;
  readonly maxUpMs: number;
  readonly lanes: number;
  /** Ceiling on the load's rate, deliveries per second. */
  readonly ratePerSec: number;
  readonly seed: number;
  readonly log?: (line: string) => void;
}

const FAST_WORKER = { WORKER_LEASE_MS: '1000', WORKER_POLL_MS: '20' };

interface Verdict {
  readonly sent: number;
  readonly statusCounts: Record<string, number>;
  readonly acked: Record<string, unknown>;
  /** Genuine deliveries answered non-2xx that have a record (strict: must be 0). */
  readonly refusedRecorded: number;
  readonly forgedRecorded: number;
  readonly unanswered: Record<string, unknown>;
  readonly lost: number;
  readonly ok: boolean;
}

/**
 * Checks a ledger through the probe of a receiver on the same database (its worker, or
 * another, finishing the work). Strict: a genuine delivery answered non-2xx has no
 * record. Not strict (a database cut mid-commit): it may have one — the commit's
 * outcome never reached the receiver, so it answered 503 — but then exactly once.
 */
async function verify(url: string, ledger: readonly LedgerEntry[], strict = true): Promise<Verdict> {
  const split = splitLedger(ledger);
  const forged = ledger.filter((e) => e.forged).map((e) => e.id);
  const refusedGenuine = split.refused.filter((id) => !id.endsWith('_forged'));
  const acked = await checkExactlyOnce(url, split.acked, strict ? refusedGenuine : [], { timeoutMs: 180_000 });
  const forgedCheck = await checkExactlyOnce(url, [], forged);
  const unanswered = await checkAbsentOrOnce(url, split.unanswered.filter((id) => !id.endsWith('_forged')));
  const refusedLoose = strict ? undefined : await checkAbsentOrOnce(url, refusedGenuine);
  const lost = acked.checked - acked.ok;
  const refusedRecorded = refusedLoose ? refusedLoose.once + refusedLoose.wrong.length : acked.recordedButRejected.length;
  const refusedOk = refusedLoose ? refusedLoose.wrong.length === 0 : acked.recordedButRejected.length === 0;
  const ok = lost === 0 && refusedOk && forgedCheck.recordedButRejected.length === 0 && unanswered.wrong.length === 0;
  return {
    sent: ledger.length, statusCounts: split.statusCounts, acked: summarize(acked),
    refusedRecorded, ...(refusedLoose ? { refusedRecordedExactlyOnce: refusedLoose.once, refusedRecordedWrong: refusedLoose.wrong.slice(0, 5) } : {}),
    forgedRecorded: forgedCheck.recordedButRejected.length,
    unanswered: { checked: unanswered.checked, absent: unanswered.absent, once: unanswered.once, wrong: unanswered.wrong.slice(0, 5) },
    lost, ok,
  };
}

async function receiverKills(group: ProcessGroup, options: CrashOptions, random: () => number): Promise<Verdict & { cycles: number }> {
  const schema = schemaName('bench_crash_rcv');
  const spec = { store: 'postgres' as const, databaseUrl: options.databaseUrl, schema, env: FAST_WORKER };
  let current: RefProcess | undefined;
  const load = new SteadyLoad({ prefix: `crash_rcv_${runTag()}`, lanes: options.lanes, forgedEvery: 10, url: () => current?.url, ratePerSec: options.ratePerSec });
  try {
    load.start();
    for (let cycle = 1; cycle <= options.receiverCycles; cycle += 1) {
      current = await startReceiver(group, { ...spec, name: `crash-receiver-${cycle}` });
      await sleep(options.minUpMs + random() * (options.maxUpMs - options.minUpMs));
      const victim = current;
      current = undefined;
      await victim.kill9();
    }
    await load.stop();
    const verifier = await startReceiver(group, { ...spec, env: { ...FAST_WORKER, WORKER_CONCURRENCY: '8' }, name: 'crash-receiver-verifier' });
    const drain = await waitForDrain(options.databaseUrl, schema);
    const verdict = { ...(await verify(verifier.url, load.ledger)), drain };
    await verifier.stop();
    return { cycles: options.receiverCycles, ...verdict };
  } finally {
    await load.stop();
    await dropSchema(options.databaseUrl, schema);
  }
}

async function workerKills(group: ProcessGroup, options: CrashOptions, random: () => number): Promise<Verdict & { cycles: number }> {
  const schema = schemaName('bench_crash_wrk');
  const storeEnv = { DATABASE_URL: options.databaseUrl, DATABASE_SCHEMA: schema, ...FAST_WORKER };
  const receiver = await startReceiver(group, { store: 'postgres', databaseUrl: options.databaseUrl, schema, env: { WORKER: '0' }, name: 'crash-receiver-no-worker' });
  const load = new SteadyLoad({ prefix: `crash_wrk_${runTag()}`, lanes: options.lanes, forgedEvery: 10, url: () => receiver.url, ratePerSec: options.ratePerSec });
  try {
    load.start();
    for (let cycle = 1; cycle <= options.workerCycles; cycle += 1) {
      const worker = await group.start({ name: `crash-worker-${cycle}`, entry: ENTRY.worker, env: storeEnv });
      await sleep(options.minUpMs + random() * (options.maxUpMs - options.minUpMs));
      await worker.kill9();
    }
    await load.stop();
    const finisher = await group.start({ name: 'crash-worker-finisher', entry: ENTRY.worker, env: { ...storeEnv, WORKER_CONCURRENCY: '8' } });
    const drain = await waitForDrain(options.databaseUrl, schema);
    const verdict = { ...(await verify(receiver.url, load.ledger)), drain };
    await finisher.stop();
    return { cycles: options.workerCycles, ...verdict };
  } finally {
    await load.stop();
    await receiver.stop();
    await dropSchema(options.databaseUrl, schema);
  }
}

async function openOutage(options: CrashOptions): Promise<Outage> {
  if (options.outage === 'proxy') return proxyOutage(options.databaseUrl);
  const major = await withClient(options.databaseUrl, async (c) => String(Math.floor(Number((await c.query<{ v: string }>(`SELECT current_setting('server_version_num') AS v`)).rows[0]?.v) / 10_000)));
  return clusterOutage({ major, name: 'benchcrash', port: 5499 });
}

async function databaseOutage(group: ProcessGroup, options: CrashOptions): Promise<Record<string, unknown> & { ok: boolean }> {
  const outage = await openOutage(options);
  const schema = schemaName('bench_crash_db');
  try {
    const receiver = await startReceiver(group, { store: 'postgres', databaseUrl: outage.databaseUrl, schema, env: FAST_WORKER, name: 'outage-receiver' });
    const load = new SteadyLoad({ prefix: `crash_db_${runTag()}`, lanes: options.lanes, forgedEvery: 10, url: () => receiver.url, ratePerSec: options.ratePerSec });
    load.start();
    await sleep(1_500);
    await outage.down();
    const downAt = Date.now();
    await sleep(3_000);
    const upRequestedAt = Date.now();
    await outage.up();
    const upAt = Date.now();
    await sleep(3_000);
    await load.stop();
    // While down: sent after the stop completed, answered before the start was asked for.
    const whileDown = load.ledger.filter((e) => e.sentAt >= downAt && e.answeredAt <= upRequestedAt && !e.forged);
    const downCounts = splitLedger(whileDown).statusCounts;
    const firstAckAfterUp = load.ledger.filter((e) => e.sentAt >= upAt && e.answer === 202).map((e) => e.answeredAt).sort((a, b) => a - b)[0];
    const acksWhileDown = downCounts['202'] ?? 0;
    const common = { kind: outage.kind, downForMs: upRequestedAt - downAt, answersWhileDown: downCounts, acksWhileDown, recoveredAfterMs: firstAckAfterUp !== undefined ? firstAckAfterUp - upAt : null };
    if (!receiver.alive()) {
      // The process itself went down with the database: report how, do not verify through it.
      const lines = receiver.log().split('\n');
      const at = lines.findIndex((l) => /throw er|Unhandled|^\w*Error/.test(l));
      const died = lines.slice(Math.max(0, at), Math.max(0, at) + 12).join('\n');
      return { ...common, receiverDied: true, exit: died, ok: false };
    }
    await waitForDrain(outage.databaseUrl, schema);
    const verdict = await verify(receiver.url, load.ledger, false);
    await receiver.stop();
    const ok = verdict.ok && acksWhileDown === 0 && (downCounts['503'] ?? 0) > 0 && firstAckAfterUp !== undefined;
    return { ...common, receiverDied: false, ...verdict, ok };
  } finally {
    // The cluster goes with its schemas; through the proxy the schema is on the shared server.
    if (outage.kind === 'proxy') await outage.up().catch(() => {});
    await dropSchema(outage.databaseUrl, schema);
    await outage.dispose().catch(() => {});
  }
}

export async function runCrash(options: CrashOptions): Promise<BenchOutcome<Record<string, unknown>>> {
  const log = options.log ?? defaultLog;
  const group = new ProcessGroup();
  const random = prng(options.seed);
  const problems: string[] = [];
  const figures: Record<string, unknown> = { seed: options.seed, lanes: options.lanes, killWindowMs: [options.minUpMs, options.maxUpMs] };
  try {
    if (options.receiverCycles > 0) {
      log(`crash: receiver killed ${options.receiverCycles} times`);
      const r = await receiverKills(group, options, random);
      figures['receiverKills'] = r;
      if (!r.ok) problems.push(`receiver kills: ${JSON.stringify(r)}`);
    }
    if (options.workerCycles > 0) {
      log(`crash: worker killed ${options.workerCycles} times`);
      const w = await workerKills(group, options, random);
      figures['workerKills'] = w;
      if (!w.ok) problems.push(`worker kills: ${JSON.stringify(w)}`);
    }
    if (options.outage !== 'none') {
      log(`crash: PostgreSQL stopped mid-load (${options.outage})`);
      const d = await databaseOutage(group, options);
      figures['databaseOutage'] = d;
      if (!d.ok) problems.push(`database outage: ${JSON.stringify(d)}`);
    }
    return { figures, ok: problems.length === 0, problems };
  } finally {
    group.killAllNow();
  }
}


if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  await benchMain('crash', {
    cycles: { type: 'string', default: '20' },
    'worker-cycles': { type: 'string', default: '20' },
    outage: { type: 'string', default: 'cluster' },
    lanes: { type: 'string', default: '8' },
    rate: { type: 'string', default: '150' },
    seed: { type: 'string', default: String(Date.now() % 1_000_000) },
  }, (args) => {
    const outage = String(args.values['outage']);
    if (outage !== 'cluster' && outage !== 'proxy' && outage !== 'none') throw new Error(`--outage must be cluster, proxy or none, got ${outage}`);
    return runCrash({
      databaseUrl: args.databaseUrl, receiverCycles: intArg(args, 'cycles'), workerCycles: intArg(args, 'worker-cycles'), outage,
      minUpMs: 300, maxUpMs: 1_500, lanes: intArg(args, 'lanes'), ratePerSec: intArg(args, 'rate'), seed: intArg(args, 'seed'), log: args.log,
    });
  });
}
