// bench:fuzz — generated requests by the hundred thousand against the webhook receiver
// and the resource API (both with the probe on): valid, duplicated, malformed, badly
// signed, hostile headers, oversize, invalid UTF-8, huge header counts, slow and
// abandoned sends (bounded in time), pipelined. Judged: no 5xx except the deliberate
// 503s, both processes alive and healthy at the end, and no effect from any refused or
// incomplete request (probe) — while every accepted one has exactly one.
import { pathToFileURL } from 'node:url';
import { benchMain, intArg, log as defaultLog, type BenchOutcome } from './lib/bench-main.ts';
import type { FuzzCase } from './lib/fuzz-case.ts';
import { RESOURCE_API_TOKENS, RESOURCE_TOKENS, ResourceLedger, resourceCases } from './lib/fuzz-resource.ts';
import { WebhookLedger, webhookCases } from './lib/fuzz-webhook.ts';
import { round3 } from './lib/percentiles.ts';
import { dropSchema, schemaName } from './lib/postgres.ts';
import { prng } from './lib/prng.ts';
import { checkAbsentOrOnce, checkExactlyOnce, summarize } from './lib/probe-check.ts';
import { RawLane, type RawOutcome } from './lib/raw-lane.ts';
import { startReceiver, storeEnv } from './lib/receiver.ts';
import { ENTRY, ProcessGroup, type RefProcess } from './lib/reference-process.ts';
import { runTag } from './lib/signed-events.ts';

export interface FuzzOptions {
  readonly databaseUrl: string | undefined;
  /** Requests per target. */
  readonly requests: number;
  readonly lanes: number;
  readonly seed: number;
  /** Hard cap on each target's run, whatever the count reached. */
  readonly maxSeconds: number;
  readonly log?: (line: string) => void;
}

interface Tally {
  sent: number;
  readonly byKind: Record<string, Record<string, number>>;
  fiveXx: number;
  deliberate503: number;
  deliberateArms: number;
  framingErrors: number;
  timeouts: number;
  readonly examples5xx: string[];
}

function record(tally: Tally, c: FuzzCase, outcome: RawOutcome): void {
  const kind = (tally.byKind[c.kind] ??= {});
  const keys = outcome.kind === 'response' ? outcome.statuses.map(String) : [outcome.kind];
  if (outcome.kind === 'response' && outcome.framingError) { tally.framingErrors += 1; keys.push('framing-error'); }
  if (outcome.kind === 'timeout') tally.timeouts += 1;
  for (const key of keys.length ? keys : ['none']) kind[key] = (kind[key] ?? 0) + 1;
  if (c.deliberate503) tally.deliberateArms += 1;
  for (const status of outcome.kind === 'response' ? outcome.statuses : []) {
    if (status === 503) tally.deliberate503 += 1;
    else if (status >= 500) { tally.fiveXx += 1; if (tally.examples5xx.length < 5) tally.examples5xx.push(`${c.kind}: ${status}`); }
  }
}

async function drive(target: RefProcess, next: () => FuzzCase, options: FuzzOptions): Promise<Tally & { durationSec: number; rate: number }> {
  const tally: Tally = { sent: 0, byKind: {}, fiveXx: 0, deliberate503: 0, deliberateArms: 0, framingErrors: 0, timeouts: 0, examples5xx: [] };
  const port = Number(new URL(target.url).port);
  const deadline = Date.now() + options.maxSeconds * 1000;
  const started = process.hrtime.bigint();
  await Promise.all(Array.from({ length: options.lanes }, async () => {
    const lane = new RawLane(port);
    while (tally.sent < options.requests && Date.now() < deadline) {
      tally.sent += 1;
      const c = next();
      const outcome = await lane.send(c.bytes, { ...c.send, timeoutMs: 10_000 }).catch(() => ({ kind: 'closed' as const }));
      record(tally, c, outcome);
      c.settle?.(outcome);
    }
    lane.close();
  }));
  const durationSec = Number(process.hrtime.bigint() - started) / 1e9;
  return { ...tally, durationSec: round3(durationSec), rate: Math.round(tally.sent / durationSec) };
}

async function healthy(proc: RefProcess): Promise<boolean> {
  if (!proc.alive()) return false;
  const response = await fetch(new URL('/healthz', proc.url)).catch(() => undefined);
  return response?.status === 200;
}

async function fuzzReceiver(group: ProcessGroup, options: FuzzOptions): Promise<Record<string, unknown> & { problems: string[] }> {
  const schema = options.databaseUrl ? schemaName('bench_fuzz_wh') : undefined;
  const receiver = await startReceiver(group, { store: options.databaseUrl ? 'postgres' : 'pglite', databaseUrl: options.databaseUrl, schema, env: { WORKER_CONCURRENCY: '4', LOG_LEVEL: 'warn' }, name: 'fuzz-receiver' });
  try {
    const ledger = new WebhookLedger();
    const tally = await drive(receiver, webhookCases(prng(options.seed), `fz_${runTag()}`, ledger), options);
    const alive = await healthy(receiver);
    const exact = alive ? await checkExactlyOnce(receiver.url, ledger.accepted, ledger.refused, { timeoutMs: 300_000 }) : undefined;
    const lost = alive ? await checkAbsentOrOnce(receiver.url, ledger.unanswered) : undefined;
    const problems: string[] = [];
    if (tally.fiveXx) problems.push(`receiver: ${tally.fiveXx} 5xx answers (${tally.examples5xx.join('; ')})`);
    if (tally.deliberate503) problems.push(`receiver: ${tally.deliberate503} 503 answers, none provoked`);
    if (!alive) problems.push('receiver: not alive or /healthz not 200 after the run');
    if (exact && exact.recordedButRejected.length) problems.push(`receiver: ${exact.recordedButRejected.length} refused deliveries were recorded`);
    if (exact && exact.ok !== exact.checked) problems.push(`receiver: ${exact.checked - exact.ok} accepted deliveries not exactly once`);
    if (lost?.wrong.length) problems.push(`receiver: ${lost.wrong.length} unanswered deliveries recorded more than once`);
    return { target: 'webhook receiver', store: options.databaseUrl ? 'postgres' : 'pglite', ...tally, alive, exactlyOnce: exact ? summarize(exact) : null, unanswered: lost ? { checked: lost.checked, absent: lost.absent, once: lost.once } : null, problems };
  } finally {
    await receiver.stop();
    if (schema && options.databaseUrl) await dropSchema(options.databaseUrl, schema);
  }
}

async function createLabels(url: string, count: number): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < count; i += 1) {
    const response = await fetch(new URL('/v1/labels', url), { method: 'POST', headers: { authorization: `Bearer ${RESOURCE_TOKENS.alice}`, 'content-type': 'application/json' }, body: JSON.stringify({ name: `protected-${i}` }) });
    ids.push(((await response.json()) as { id: string }).id);
  }
  return ids;
}

async function effectCount(url: string, label: string): Promise<number> {
  const response = await fetch(new URL(`/__probe/effects?kind=label.deleted&subject=${encodeURIComponent(label)}`, url));
  return ((await response.json()) as { count: number }).count;
}

async function verifyResource(url: string, ledger: ResourceLedger): Promise<{ problems: string[]; checked: Record<string, number> }> {
  const problems: string[] = [];
  let protectedIntact = 0;
  for (const label of ledger.protectedLabels) {
    const still = await fetch(new URL(`/v1/labels/${label}`, url), { headers: { authorization: `Bearer ${RESOURCE_TOKENS.alice}` } });
    await still.arrayBuffer();
    if (still.status === 200 && (await effectCount(url, label)) === 0) protectedIntact += 1;
  }
  if (protectedIntact !== ledger.protectedLabels.length) problems.push(`resource API: ${ledger.protectedLabels.length - protectedIntact} protected labels deleted or with an effect`);
  let deletableOk = 0;
  for (const label of ledger.deletable) {
    const answered = ledger.deleted204.get(label) ?? 0;
    if (answered <= 1 && (await effectCount(url, label)) === answered) deletableOk += 1;
  }
  if (deletableOk !== ledger.deletable.length) problems.push(`resource API: ${ledger.deletable.length - deletableOk} labels whose effects do not match their 204s`);
  const carol = await fetch(new URL('/v1/users/carol/preferences', url), { headers: { authorization: `Bearer ${RESOURCE_TOKENS.carol}` } });
  await carol.arrayBuffer();
  if (carol.headers.get('etag') !== '"v0"') problems.push(`resource API: carol's preferences changed (ETag ${carol.headers.get('etag')}) by refused or abandoned PATCHes`);
  if (ledger.protectedAnswered2xx || ledger.carolAnswered2xx) problems.push(`resource API: refused requests answered 2xx (${ledger.protectedAnswered2xx} deletes, ${ledger.carolAnswered2xx} patches)`);
  return { problems, checked: { protectedLabels: ledger.protectedLabels.length, protectedIntact, deletableLabels: ledger.deletable.length, deletableEffectsMatch: deletableOk, deleted: [...ledger.deleted204.values()].filter((n) => n > 0).length } };
}

async function fuzzResourceApi(group: ProcessGroup, options: FuzzOptions): Promise<Record<string, unknown> & { problems: string[] }> {
  const schema = options.databaseUrl ? schemaName('bench_fuzz_ra') : undefined;
  const store = storeEnv({ store: options.databaseUrl ? 'postgres' : 'pglite', databaseUrl: options.databaseUrl, schema });
  const api = await group.start({ name: 'fuzz-resource-api', entry: ENTRY.resourceApi, env: { CONFORMANCE_PROBE: '1', API_TOKENS: RESOURCE_API_TOKENS, LOG_LEVEL: 'warn', ...store } });
  try {
    const ledger = new ResourceLedger();
    ledger.protectedLabels.push(...(await createLabels(api.url, 100)));
    const tally = await drive(api, resourceCases(prng(options.seed + 1), ledger), options);
    const alive = await healthy(api);
    const verdict = alive ? await verifyResource(api.url, ledger) : { problems: [], checked: {} };
    const problems = [...verdict.problems];
    if (tally.fiveXx) problems.push(`resource API: ${tally.fiveXx} 5xx answers other than 503 (${tally.examples5xx.join('; ')})`);
    if (tally.deliberate503 > tally.deliberateArms) problems.push(`resource API: ${tally.deliberate503} 503s for ${tally.deliberateArms} provoked`);
    if (!alive) problems.push('resource API: not alive or /healthz not 200 after the run');
    return { target: 'resource API', store: options.databaseUrl ? 'postgres' : 'pglite', ...tally, alive, effects: verdict.checked, problems };
  } finally {
    await api.stop();
    if (schema && options.databaseUrl) await dropSchema(options.databaseUrl, schema);
  }
}

export async function runFuzz(options: FuzzOptions): Promise<BenchOutcome<Record<string, unknown>>> {
  const log = options.log ?? defaultLog;
  const group = new ProcessGroup();
  try {
    log(`fuzz: ${options.requests} requests against the webhook receiver`);
    const receiver = await fuzzReceiver(group, options);
    log(`fuzz: ${options.requests} requests against the resource API`);
    const resource = await fuzzResourceApi(group, options);
    const problems = [...receiver.problems, ...resource.problems];
    const total = Number(receiver['sent']) + Number(resource['sent']);
    const seconds = Number(receiver['durationSec']) + Number(resource['durationSec']);
    return { figures: { seed: options.seed, lanes: options.lanes, totalRequests: total, totalRate: Math.round(total / seconds), receiver, resourceApi: resource }, ok: problems.length === 0, problems };
  } finally {
    group.killAllNow();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  await benchMain('fuzz', {
    requests: { type: 'string', default: '100000' },
    lanes: { type: 'string', default: '32' },
    seed: { type: 'string', default: '20261121' },
    'max-seconds': { type: 'string', default: '600' },
    embedded: { type: 'boolean', default: false },
  }, (args) => runFuzz({
    databaseUrl: args.values['embedded'] ? undefined : args.databaseUrl, requests: intArg(args, 'requests'), lanes: intArg(args, 'lanes'),
    seed: intArg(args, 'seed'), maxSeconds: intArg(args, 'max-seconds'), log: args.log,
  }));
}
