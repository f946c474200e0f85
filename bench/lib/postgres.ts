// PostgreSQL for the bench: the server under DATABASE_URL (default: the local test
// database), a schema of its own per phase, and counts read straight from the tables
// the receiver created (the figures' cross-check; correctness goes through the probe).
import { randomBytes } from 'node:crypto';
import pg from 'pg';

export const DEFAULT_DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/test';

export function benchDatabaseUrl(): string {
  return process.env['DATABASE_URL'] || DEFAULT_DATABASE_URL;
}

export function schemaName(prefix: string): string {
  return `${prefix}_${randomBytes(5).toString('hex')}`;
}

function quote(ident: string): string {
  return `"${ident.replaceAll('"', '""')}"`;
}

export async function withClient<T>(databaseUrl: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: databaseUrl, connectionTimeoutMillis: 5_000 });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end().catch(() => {});
  }
}

export async function dropSchema(databaseUrl: string, schema: string): Promise<void> {
  await withClient(databaseUrl, (c) => c.query(`DROP SCHEMA IF EXISTS ${quote(schema)} CASCADE`)).catch(() => {});
}

export interface TableCounts {
  readonly events: number;
  readonly jobs: number;
  readonly effects: number;
}

export async function tableCounts(databaseUrl: string, schema: string): Promise<TableCounts> {
  return withClient(databaseUrl, async (c) => {
    const s = quote(schema);
    const { rows } = await c.query<{ events: number; jobs: number; effects: number }>(
      `SELECT (SELECT count(*)::int FROM ${s}.webhook_events) AS events,
              (SELECT count(*)::int FROM ${s}.webhook_jobs) AS jobs,
              (SELECT count(*)::int FROM ${s}.webhook_effects) AS effects`);
    return rows[0] ?? { events: 0, jobs: 0, effects: 0 };
  });
}
