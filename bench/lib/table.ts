// The README table, from the results files of one run: every figure, and its ratio
// to the limits measured in the same run.
import { readFileSync } from 'node:fs';
import type { ResultEnvelope } from './results.ts';

type Figures = Record<string, unknown>;
type Row = [string, string, string];

const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v.toLocaleString('en-US') : String(v ?? '—'));
const get = (o: unknown, ...path: string[]): unknown => path.reduce<unknown>((acc, k) => (acc && typeof acc === 'object' ? (acc as Record<string, unknown>)[k] : undefined), o);
const lat = (l: unknown) => `p50 ${num(get(l, 'p50Ms'))} ms, p99 ${num(get(l, 'p99Ms'))} ms`;

function throughputRows(f: Figures): Row[] {
  const rows: Row[] = [];
  const bare = f['bare202'];
  rows.push(['(b) bare Node HTTP server answering 202', `${num(get(bare, 'acksPerSec'))} /s, ${lat(get(bare, 'latency'))}`, 'limit (b)']);
  for (const db of (f['database'] as Figures[] | undefined) ?? []) {
    const shape = db['shape'] === 'cte' ? 'one statement (WITH insert event, insert job), as event-repository.ts now sends it' : 'BEGIN; INSERT event; INSERT job; COMMIT';
    rows.push([`(a) PostgreSQL, one record-and-enqueue transaction per delivery: ${shape} (${String(db['tool'])})`, `${num(db['tps'])} tx/s, ${lat(db['latency'])}`, `limit (a, ${String(db['shape'])})`]);
  }
  const ratios = (f['ratios'] ?? {}) as Record<string, number>;
  for (const r of (f['receivers'] as Figures[] | undefined) ?? []) {
    const name = String(r['variant']);
    const ratio = `${num(ratios[`${name}/database(statements)`])}× (a, statements) · ${num(ratios[`${name}/database(cte)`])}× (a, one statement) · ${num(ratios[`${name}/bare202`])}× (b)`;
    rows.push([`receiver ${name}: ${String(r['description'])}`, `${num(get(r, 'load', 'acksPerSec'))} acks/s, ${lat(get(r, 'load', 'latency'))}; ${num(r['receiverCpuUsPerAck'])} µs receiver CPU per ack; ${num(r['ackedWithoutRecord'])} acked without record`, ratio]);
  }
  return rows;
}

function stormRows(f: Figures): Row[] {
  return [
    [`storm: ${num(f['deliveries'])} identical deliveries, ${num(f['instances'])} instances, one PostgreSQL`, `${num(f['acksPerSec'])} acks/s; answers ${JSON.stringify(f['statusCounts'])}`, 'exactly one record and one effect: ' + String(get(f, 'exactlyOnce', 'holds'))],
    ['storm: arrival spread (client release loop · inside the servers, body complete)', `${num(f['clientReleaseSpreadMs'])} ms · ${num(f['serverArrivalSpreadMs'])} ms (per instance ${JSON.stringify(f['serverArrivalSpreadPerInstanceMs'])})`, `${num(f['maxInFlight'])} deliveries in flight at once; ${num(f['arrivedBeforeFirstAnswer'])} complete before the first answer`],
  ];
}

function crashRows(f: Figures): Row[] {
  const rows: Row[] = [];
  for (const [key, label] of [['receiverKills', 'receiver (in-process worker) SIGKILLed'], ['workerKills', 'worker process SIGKILLed (receiver WORKER=0)']] as const) {
    const p = f[key] as Figures | undefined;
    if (!p) continue;
    rows.push([`crash: ${label} ${num(p['cycles'])} times under load`, `${num(p['sent'])} sent, answers ${JSON.stringify(p['statusCounts'])}; acked checked ${num(get(p, 'acked', 'checked'))}, exactly once ${num(get(p, 'acked', 'ok'))}`, `lost ${num(p['lost'])}; refused recorded ${num(p['refusedRecorded'])}; forged recorded ${num(p['forgedRecorded'])}; unanswered: ${num(get(p, 'unanswered', 'absent'))} absent, ${num(get(p, 'unanswered', 'once'))} once`]);
  }
  const d = f['databaseOutage'] as Figures | undefined;
  if (d) {
    rows.push([`crash: PostgreSQL stopped mid-load (${String(d['kind'])}) for ${num(d['downForMs'])} ms`, d['receiverDied'] ? `receiver process DIED: ${String(d['exit']).split('\n').find((l) => l.startsWith('Error')) ?? ''}` : `answers while down ${JSON.stringify(d['answersWhileDown'])}; first 202 ${num(d['recoveredAfterMs'])} ms after restart`, d['receiverDied'] ? 'not verified (process gone)' : `202 while down ${num(d['acksWhileDown'])}; lost ${num(d['lost'])}; 503-but-recorded (commit outcome lost) ${num(d['refusedRecorded'])}, each exactly once`]);
  }
  return rows;
}

function fuzzRows(f: Figures): Row[] {
  return (['receiver', 'resourceApi'] as const).map((key) => {
    const t = (f[key] ?? {}) as Figures;
    const effects = key === 'receiver'
      ? `accepted exactly once ${num(get(t, 'exactlyOnce', 'ok'))}/${num(get(t, 'exactlyOnce', 'checked'))}; refused recorded ${num(get(t, 'exactlyOnce', 'recordedButRejected'))}/${num(get(t, 'exactlyOnce', 'checkedAbsent'))}`
      : `protected labels intact ${num(get(t, 'effects', 'protectedIntact'))}/${num(get(t, 'effects', 'protectedLabels'))}; effects = 204s for ${num(get(t, 'effects', 'deletableEffectsMatch'))}/${num(get(t, 'effects', 'deletableLabels'))} labels`;
    return [`fuzz: ${String(t['target'])} (${String(t['store'])})`, `${num(t['sent'])} requests in ${num(t['durationSec'])} s = ${num(t['rate'])} /s; 5xx ${num(t['fiveXx'])}; 503 ${num(t['deliberate503'])} (provoked ${num(t['deliberateArms'])}); alive ${String(t['alive'])}`, effects] as Row;
  });
}

function fullRunRows(f: Figures): Row[] {
  return [[
    'full certification run (`npm start`: all three systems against their references, reports included)',
    `${num(f['wallSec'])} s wall for ${num(f['checks'])} checks = ${num(f['checksPerSec'])} checks/s; totals ${JSON.stringify(f['totals'])}`,
    `${num(f['ratioToTarget'])}× the ${num(f['targetSec'])} s target; exit ${String(f['exitCode'])}`,
  ]];
}

function brokenWorkerRows(f: Figures): Row[] {
  const run = (key: string) => `${num(get(f, key, 'wallSec'))} s, exit ${String(get(f, key, 'exitCode'))}`;
  return [[
    '`wirecheck run webhook` against the reference: passing, then with a worker that never completes (fault no-worker)',
    `passing ${run('passing')} · broken worker ${run('brokenWorker')}, failed ${((get(f, 'brokenWorker', 'failed') as string[] | undefined) ?? []).join(', ')}`,
    `${num(f['ratio'])}× the passing run (limit ${num(f['limit'])}×)`,
  ]];
}

function hostileRows(f: Figures): Row[] {
  const harness = ((f['harness'] as Figures[] | undefined) ?? []).map((c): Row => [
    `harness: \`wirecheck run ${String(c['system'])} --only ${String(c['checks'])}\` against a target answering with ${String(c['behaviour'])}`,
    `exit ${num(c['exitCode'])} in ${num(c['wallSec'])} s; peak RSS ${num(c['peakMiB'])} MiB (largest process of the run)`,
    `${num(c['ratioToLimit'])}× the ${num(f['rssLimitMiB'])} MiB limit`,
  ]);
  const slow = ((f['slowBodies'] as Figures[] | undefined) ?? []).map((s): Row => [
    `${String(s['system'])} reference: ${num(s['connections'])} clients sending their body at 1 byte/s`,
    `${num(s['dropped'])} dropped, after ${num(get(s, 'dropAfterSec', 'min'))}–${num(get(s, 'dropAfterSec', 'max'))} s`,
    `request timeout ${num(s['requestTimeoutSec'])} s (limit ${num(s['limitSec'])} s)`,
  ]);
  return [...harness, ...slow];
}

const ROWS: Record<string, (f: Figures) => Row[]> = { throughput: throughputRows, storm: stormRows, crash: crashRows, fuzz: fuzzRows, fullrun: fullRunRows, brokenworker: brokenWorkerRows, hostile: hostileRows };

export function markdownTable(files: readonly string[]): string {
  const lines = ['| figure | measured | ratio to the limits / correctness | load before → after |', '|---|---|---|---|'];
  for (const file of files) {
    const envelope = JSON.parse(readFileSync(file, 'utf8')) as ResultEnvelope<Figures>;
    const rows = ROWS[envelope.benchmark]?.(envelope.figures) ?? [];
    const load = `${envelope.load.before[0]} → ${envelope.load.after[0]}`;
    for (const [a, b, c] of rows) lines.push(`| ${a} | ${b} | ${c} | ${load} |`);
  }
  return lines.join('\n');
}
