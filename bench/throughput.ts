// bench:throughput — acks/s and latency of the reference receiver on PostgreSQL,
// side by side with the two limits measured in the same run on the same machine:
// (a) PostgreSQL running the receiver's record-and-enqueue transaction, one per
// delivery, at the same concurrency; (b) a bare Node HTTP server answering 202.
// Then the embedded (PGlite) receiver. Receiver and load generator are separate processes.
import { pathToFileURL } from 'node:url';
import { benchMain, intArg, log as defaultLog, type BenchOutcome } from './lib/bench-main.ts';
import { findPgbench, nodePgLimit, pgbenchLimit, type DbLimitResult, type TransactionShape } from './lib/db-limit.ts';
import { runLoad, type LoadRequest, type LoadResult } from './lib/http-load.ts';
import { dropSchema, schemaName, tableCounts, withClient, type TableCounts } from './lib/postgres.ts';
import { BENCH_SECRET, startReceiver, type StoreKind } from './lib/receiver.ts';
import { ENTRY, ProcessGroup, type RefProcess } from './lib/reference-process.ts';
import { preSign, runTag, type SignedDelivery } from './lib/signed-events.ts';
import { cpuSeconds } from './lib/process-cpu.ts';
import { checkExactlyOnce, exactlyOnceHolds, probeEvent, summarize } from './lib/probe-check.ts';

export interface ThroughputOptions {
  readonly databaseUrl: string | undefined;
  readonly connections: number;
  /** Measured seconds per phase; or `amount` requests per phase (the CI version). */
  readonly durationSec?: number;
  readonly amount?: number;
  readonly warmupSec: number;
  /** Measure the two limits (a, b). */
  readonly limits: boolean;
  readonly variants: readonly ReceiverVariant[];
  /** Wait for every acknowledged event's effect and probe each (the CI version). */
  readonly verifyEffects: boolean;
  /** Extra environment of the receiver (diagnosis: WORKER=0, LOG_LEVEL=warn, ...). */
  readonly receiverEnv?: Record<string, string>;
  /** Extra node flags of the receiver (diagnosis: --cpu-prof). */
  readonly receiverNodeArgs?: readonly string[];
  readonly log?: (line: string) => void;
}

/** A receiver configuration measured. */
export interface ReceiverVariant {
  readonly name: string;
  readonly store: StoreKind;
  readonly env: Record<string, string>;
  readonly description: string;
}

export const VARIANTS: Readonly<Record<string, ReceiverVariant>> = {
  'pg-receiver': { name: 'pg-receiver', store: 'postgres', env: { WORKER: '0' }, description: 'PostgreSQL, receiver only (WORKER=0), as docker/compose.yaml deploys it' },
  'pg-in-process-worker': { name: 'pg-in-process-worker', store: 'postgres', env: {}, description: 'PostgreSQL, worker inside the receiver process (the default of wirecheck serve)' },
  'pglite': { name: 'pglite', store: 'pglite', env: {}, description: 'embedded PGlite, worker inside the receiver process (the default without DATABASE_URL)' },
};

export interface ReceiverFigures {
  readonly variant: string;
  readonly description: string;
  readonly store: StoreKind;
  readonly load: Omit<LoadResult, 'statuses'>;
  readonly acked: number;
  /** CPU time the receiver process used per acknowledged delivery, in microseconds. */
  readonly receiverCpuUsPerAck?: number;
  /** PostgreSQL: table counts right after the load (the in-process worker keeps going). */
  readonly tablesAfterLoad?: TableCounts;
  /** Acknowledged ids without a record (must be 0). */
  readonly ackedWithoutRecord: number;
  readonly exactlyOnce?: Record<string, unknown>;
}

export interface ThroughputFigures {
  readonly connections: number;
  readonly bare202?: Omit<LoadResult, 'statuses'>;
  readonly database: DbLimitResult[];
  readonly receivers: ReceiverFigures[];
  readonly ratios: Record<string, number>;
}

const PATH = '/webhooks/payments';

function toRequests(deliveries: readonly SignedDelivery[]): LoadRequest[] {
  return deliveries.map((d) => ({ path: PATH, headers: { 'content-type': 'application/json', 'x-webhook-signature': d.signature }, body: d.body }));
}

function strip(result: LoadResult): Omit<LoadResult, 'statuses'> {
  const { statuses: _statuses, ...rest } = result;
  return rest;
}

/** Enough unique events for the phase: the amount, or a generous rate ceiling times the duration. */
function eventsNeeded(options: ThroughputOptions, seconds: number): number {
  return options.amount ?? Math.max(1000, 25_000 * seconds);
}

async function loadPhase(url: string, options: ThroughputOptions, requests: LoadRequest[], cycle = false): Promise<LoadResult> {
  return runLoad({ url, connections: options.connections, requests, cycle, ...(options.amount ? { amount: options.amount } : { durationSec: options.durationSec ?? 10 }) });
}

async function warmUp(url: string, options: ThroughputOptions, requests: LoadRequest[], cycle = false): Promise<void> {
  if (options.warmupSec > 0) await runLoad({ url, connections: options.connections, requests, cycle, durationSec: options.warmupSec });
}

async function measureBare(group: ProcessGroup, options: ThroughputOptions, sample: LoadRequest[]): Promise<LoadResult> {
  const bare = await group.start({ name: 'bare-202', entry: ENTRY.bare202, env: {} });
  try {
    await warmUp(bare.url, options, sample, true);
    return await loadPhase(bare.url, options, sample, true);
  } finally {
    await bare.stop();
  }
}

async function measureDatabase(group: ProcessGroup, options: ThroughputOptions, databaseUrl: string, body: Buffer, shape: TransactionShape): Promise<DbLimitResult> {
  const schema = schemaName('bench_tp_db');
  // The receiver creates its schema (the same DDL the phase below runs on); then it goes.
  const creator = await startReceiver(group, { store: 'postgres', databaseUrl, schema, env: { WORKER: '0' }, name: 'schema-creator' });
  await creator.stop();
  try {
    const durationSec = options.durationSec ?? 10;
    const pgbench = await findPgbench();
    if (options.warmupSec > 0 && pgbench) await pgbenchLimit(pgbench, databaseUrl, schema, { clients: options.connections, durationSec: options.warmupSec, body, shape });
    return pgbench
      ? await pgbenchLimit(pgbench, databaseUrl, schema, { clients: options.connections, durationSec, body, shape })
      : await nodePgLimit(databaseUrl, schema, { clients: options.connections, durationSec, body });
  } finally {
    await dropSchema(databaseUrl, schema);
  }
}

async function ackedWithoutRecord(databaseUrl: string, schema: string, ids: readonly string[]): Promise<number> {
  return withClient(databaseUrl, async (c) => {
    const { rows } = await c.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM "${schema}".webhook_events WHERE provider = 'payments' AND event_id = ANY($1::text[])`, [ids]);
    return ids.length - (rows[0]?.n ?? 0);
  });
}

async function measureReceiver(group: ProcessGroup, options: ThroughputOptions, variant: ReceiverVariant): Promise<ReceiverFigures> {
  const log = options.log ?? defaultLog;
  const { store } = variant;
  const databaseUrl = options.databaseUrl;
  const schema = store === 'postgres' ? schemaName('bench_tp') : undefined;
  let receiver: RefProcess | undefined;
  try {
    receiver = await startReceiver(group, { store, databaseUrl, schema, name: variant.name, env: { ...variant.env, ...options.receiverEnv }, nodeArgs: options.receiverNodeArgs ?? [] });
    const tag = runTag();
    const warm = options.warmupSec > 0 ? toRequests(preSign(BENCH_SECRET, eventsNeeded(options, options.warmupSec), `tpw_${tag}`)) : [];
    const deliveries = preSign(BENCH_SECRET, eventsNeeded(options, options.durationSec ?? 10), `tp_${tag}`);
    if (warm.length) await warmUp(receiver.url, options, warm);
    log(`throughput: receiver ${variant.name} under load`);
    const cpuBefore = cpuSeconds(receiver.pid);
    const load = await loadPhase(receiver.url, options, toRequests(deliveries));
    const cpuAfter = cpuSeconds(receiver.pid);
    const ackedIds = deliveries.filter((_, i) => load.statuses[i] === 202).map((d) => d.id);
    const tablesAfterLoad = store === 'postgres' && databaseUrl && schema ? await tableCounts(databaseUrl, schema) : undefined;
    let missing = 0;
    let exactlyOnce: Record<string, unknown> | undefined;
    if (options.verifyEffects) {
      const report = await checkExactlyOnce(receiver.url, ackedIds, []);
      missing = report.missing.length;
      exactlyOnce = { holds: exactlyOnceHolds(report), ...summarize(report) };
    } else if (store === 'postgres' && databaseUrl && schema) {
      missing = await ackedWithoutRecord(databaseUrl, schema, ackedIds);
    } else {
      // Embedded: the store is inside the receiver; read a sample through the probe.
      const sample = ackedIds.filter((_, i) => i % Math.max(1, Math.floor(ackedIds.length / 300)) === 0);
      for (const id of sample) if ((await probeEvent(receiver.url, id))?.records !== 1) missing += 1;
    }
    const cpu = cpuBefore !== undefined && cpuAfter !== undefined && ackedIds.length ? Math.round(((cpuAfter - cpuBefore) * 1e6) / ackedIds.length) : undefined;
    return { variant: variant.name, description: variant.description, store, load: strip(load), acked: ackedIds.length, ...(cpu !== undefined ? { receiverCpuUsPerAck: cpu } : {}), ...(tablesAfterLoad ? { tablesAfterLoad } : {}), ackedWithoutRecord: missing, ...(exactlyOnce ? { exactlyOnce } : {}) };
  } finally {
    await receiver?.stop();
    if (schema && databaseUrl) await dropSchema(databaseUrl, schema);
  }
}

function ratio(a: number | undefined, b: number | undefined): number {
  return a !== undefined && b ? Math.round((a / b) * 100) / 100 : NaN;
}

export async function runThroughput(options: ThroughputOptions): Promise<BenchOutcome<ThroughputFigures>> {
  const log = options.log ?? defaultLog;
  const group = new ProcessGroup();
  const problems: string[] = [];
  try {
    const sample = toRequests(preSign(BENCH_SECRET, 1000, `tps_${runTag()}`));
    let bare: LoadResult | undefined;
    const database: DbLimitResult[] = [];
    if (options.limits) {
      log('throughput: limit (b), bare Node HTTP 202');
      bare = await measureBare(group, options, sample);
      for (const shape of ['statements', 'cte'] as const) {
        if (!options.databaseUrl) break;
        log(`throughput: limit (a), PostgreSQL record-and-enqueue transaction (${shape})`);
        database.push(await measureDatabase(group, options, options.databaseUrl, sample[0]?.body ?? Buffer.alloc(0), shape));
      }
    }
    const receivers: ReceiverFigures[] = [];
    for (const variant of options.variants) {
      if (variant.store === 'postgres' && !options.databaseUrl) continue;
      const figures = await measureReceiver(group, options, variant);
      receivers.push(figures);
      const non202 = Object.entries(figures.load.statusCounts).filter(([code]) => code !== '202');
      if (non202.length) problems.push(`receiver ${variant.name} answered ${non202.map(([c, n]) => `${n}× ${c}`).join(', ')}`);
      if (figures.load.errors) problems.push(`receiver ${variant.name}: ${figures.load.errors} connection errors`);
      if (figures.ackedWithoutRecord) problems.push(`receiver ${variant.name}: ${figures.ackedWithoutRecord} acknowledged events without a record`);
      if (figures.exactlyOnce && figures.exactlyOnce['holds'] !== true) problems.push(`receiver ${variant.name}: exactly-once failed ${JSON.stringify(figures.exactlyOnce)}`);
    }
    const ratios: Record<string, number> = {};
    const dbStatements = database.find((d) => d.shape === 'statements')?.tps;
    const dbCte = database.find((d) => d.shape === 'cte')?.tps;
    for (const r of receivers) {
      ratios[`${r.variant}/database(statements)`] = ratio(r.load.acksPerSec, dbStatements);
      ratios[`${r.variant}/database(cte)`] = ratio(r.load.acksPerSec, dbCte);
      ratios[`${r.variant}/bare202`] = ratio(r.load.acksPerSec, bare?.acksPerSec);
    }
    ratios['database(statements)/bare202'] = ratio(dbStatements, bare?.acksPerSec);
    ratios['database(cte)/bare202'] = ratio(dbCte, bare?.acksPerSec);
    const figures: ThroughputFigures = { connections: options.connections, ...(bare ? { bare202: strip(bare) } : {}), database, receivers, ratios };
    return { figures, ok: problems.length === 0, problems };
  } finally {
    await group.stopAll();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  await benchMain('throughput', {
    duration: { type: 'string', default: '10' },
    warmup: { type: 'string', default: '2' },
    connections: { type: 'string', default: '32' },
    variants: { type: 'string', default: Object.keys(VARIANTS).join(',') },
    'no-limits': { type: 'boolean', default: false },
    'receiver-env': { type: 'string', default: '' },
    'receiver-node-args': { type: 'string', default: '' },
  }, (args) => runThroughput({
    databaseUrl: args.databaseUrl,
    connections: intArg(args, 'connections'),
    durationSec: intArg(args, 'duration'),
    warmupSec: intArg(args, 'warmup'),
    limits: !args.values['no-limits'],
    receiverNodeArgs: String(args.values['receiver-node-args']).split(' ').filter(Boolean),
    receiverEnv: Object.fromEntries(String(args.values['receiver-env']).split(',').filter(Boolean).map((kv) => [kv.slice(0, kv.indexOf('=')), kv.slice(kv.indexOf('=') + 1)])),
    variants: String(args.values['variants']).split(',').map((name) => {
      const variant = VARIANTS[name];
      if (!variant) throw new Error(`--variants: unknown ${name} (known: ${Object.keys(VARIANTS).join(', ')})`);
      return variant;
    }),
    verifyEffects: false,
    log: args.log,
  }));
}
