// Limit (a) of the throughput bench: PostgreSQL itself running the receiver's
// record-and-enqueue transaction (event-repository.ts: insert the event ON CONFLICT
// DO NOTHING, insert its job, commit), one transaction per delivery, from N clients.
// pgbench drives it (a C client in its own process); without pgbench, N `pg` clients.
import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { LatencyRecorder, round3, type LatencySummary } from './percentiles.ts';

/**
 * 'statements': BEGIN; INSERT event; INSERT job; COMMIT — four round trips, the form
 * event-repository.ts had when this bench was written (and the issue names).
 * 'cte': the one statement event-repository.ts sends now (both inserts in one WITH),
 * for one delivery: one round trip, one commit.
 */
export type TransactionShape = 'statements' | 'cte';

export interface DbLimitResult {
  readonly shape: TransactionShape;
  readonly tool: string;
  readonly clients: number;
  readonly transactions: number;
  readonly durationSec: number;
  readonly tps: number;
  readonly latency: LatencySummary;
}

const PGBENCH_CANDIDATES = ['pgbench', '/usr/lib/postgresql/15/bin/pgbench', '/usr/lib/postgresql/16/bin/pgbench', '/usr/lib/postgresql/17/bin/pgbench'];

function run(cmd: string, args: string[], env: NodeJS.ProcessEnv, timeoutMs: number): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(cmd, args, { env, timeout: timeoutMs, maxBuffer: 16 * 2 ** 20 }, (error, stdout, stderr) => {
      const code = error ? (typeof (error as { code?: unknown }).code === 'number' ? (error as { code: number }).code : 127) : 0;
      resolve({ code, stdout, stderr });
    });
  });
}

export async function findPgbench(): Promise<string | undefined> {
  for (const candidate of PGBENCH_CANDIDATES) {
    const { code } = await run(candidate, ['--version'], process.env, 5_000);
    if (code === 0) return candidate;
  }
  return undefined;
}

/** The transaction, as event-repository.ts sends it for one delivery, in pgbench's script language. */
function pgbenchScript(body: Buffer, shape: TransactionShape): string {
  const literal = body.toString('utf8').replaceAll("'", "''");
  const key = `'pgb_' || :client_id || '_' || :n`;
  if (shape === 'cte') {
    return [
      '\\set n random(1, 9000000000000000000)',
      `WITH recorded AS (INSERT INTO webhook_events (provider, event_key, event_id, event_type, raw_body) VALUES ('payments', ${key}, ${key}, 'payment.succeeded', convert_to('${literal}', 'UTF8')) ON CONFLICT DO NOTHING RETURNING event_key), queued AS (INSERT INTO webhook_jobs (provider, event_key) SELECT 'payments', event_key FROM recorded) SELECT event_key FROM recorded;`,
      '',
    ].join('\n');
  }
  return [
    '\\set n random(1, 9000000000000000000)',
    'BEGIN;',
    `INSERT INTO webhook_events (provider, event_key, event_id, event_type, raw_body) VALUES ('payments', ${key}, ${key}, 'payment.succeeded', convert_to('${literal}', 'UTF8')) ON CONFLICT DO NOTHING RETURNING event_key;`,
    `INSERT INTO webhook_jobs (provider, event_key) SELECT 'payments', unnest(ARRAY[${key}]);`,
    'COMMIT;',
    '',
  ].join('\n');
}

export async function pgbenchLimit(pgbench: string, databaseUrl: string, schema: string, options: { clients: number; durationSec: number; body: Buffer; shape: TransactionShape }): Promise<DbLimitResult> {
  const dir = mkdtempSync(join(tmpdir(), 'wirecheck-pgbench-'));
  const script = join(dir, 'record-and-enqueue.sql');
  writeFileSync(script, pgbenchScript(options.body, options.shape));
  const url = new URL(databaseUrl);
  const args = ['-n', '-M', 'prepared', '-c', String(options.clients), '-j', '2', '-T', String(options.durationSec),
    '-f', script, '--log', `--log-prefix=${join(dir, 'tx')}`,
    '-h', url.hostname, '-p', url.port || '5432', '-U', decodeURIComponent(url.username || 'postgres'), url.pathname.slice(1) || 'postgres'];
  const env = { ...process.env, PGOPTIONS: `-c search_path=${schema}`, ...(url.password ? { PGPASSWORD: decodeURIComponent(url.password) } : {}) };
  const { code, stdout, stderr } = await run(pgbench, args, env, (options.durationSec + 60) * 1000);
  if (code !== 0) throw new Error(`pgbench failed (${code}): ${stderr.slice(-2000)}`);
  const latencies = new LatencyRecorder();
  let transactions = 0;
  for (const file of readdirSync(dir).filter((f) => f.startsWith('tx'))) {
    for (const line of readFileSync(join(dir, file), 'utf8').split('\n')) {
      // client_id transaction_no time_us script_no time_epoch time_us_part
      const usec = Number(line.split(' ')[2]);
      if (Number.isFinite(usec) && line) { latencies.record(usec / 1000); transactions += 1; }
    }
  }
  const tps = Number(/tps = ([\d.]+) \(without initial connection time\)/.exec(stdout)?.[1] ?? NaN);
  return { shape: options.shape, tool: `pgbench -M prepared -c ${options.clients} -j 2`, clients: options.clients, transactions, durationSec: options.durationSec, tps: Math.round(tps), latency: latencies.summary() };
}

/** The same transaction from N `pg` clients in this process (when pgbench is missing). */
export async function nodePgLimit(databaseUrl: string, schema: string, options: { clients: number; durationSec: number; body: Buffer }): Promise<DbLimitResult> {
  const clients = await Promise.all(Array.from({ length: options.clients }, async () => {
    const c = new pg.Client({ connectionString: databaseUrl, options: `-c search_path=${schema}` });
    await c.connect();
    return c;
  }));
  const latencies = new LatencyRecorder();
  const start = process.hrtime.bigint();
  const deadline = Date.now() + options.durationSec * 1000;
  let seq = 0;
  await Promise.all(clients.map(async (c, i) => {
    while (Date.now() < deadline) {
      const key = `npg_${i}_${seq++}`;
      const t0 = process.hrtime.bigint();
      await c.query('BEGIN');
      await c.query(`INSERT INTO webhook_events (provider, event_key, event_id, event_type, raw_body) VALUES ('payments', $1, $1, 'payment.succeeded', $2) ON CONFLICT DO NOTHING RETURNING event_key`, [key, options.body]);
      await c.query(`INSERT INTO webhook_jobs (provider, event_key) SELECT 'payments', unnest($1::text[])`, [[key]]);
      await c.query('COMMIT');
      latencies.record(Number(process.hrtime.bigint() - t0) / 1e6);
    }
  }));
  const durationSec = Number(process.hrtime.bigint() - start) / 1e9;
  await Promise.all(clients.map((c) => c.end()));
  return { shape: 'statements', tool: `node pg, ${options.clients} clients`, clients: options.clients, transactions: latencies.count, durationSec: round3(durationSec), tps: Math.round(latencies.count / durationSec), latency: latencies.summary() };
}
