// A schema of its own for each reference run on PostgreSQL, so runs that share the
// database (parallel self-test runs, a developer's runs) never see each other's rows.
import pg from 'pg';
import { ERROR_CODES, WirecheckError } from '../errors.ts';
import { redactUrl } from '../http/redact-url.ts';

async function withClient<T>(databaseUrl: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: databaseUrl, connectionTimeoutMillis: 5_000 });
  try {
    await client.connect();
  } catch (error) {
    throw new WirecheckError(ERROR_CODES.targetUnreachable,
      `cannot connect to PostgreSQL at ${redactUrl(databaseUrl)}: ${(error as Error).message}. Start it, or unset DATABASE_URL to run the reference on embedded PGlite.`);
  }
  try {
    return await fn(client);
  } finally {
    await client.end().catch(() => {});
  }
}

export async function createSchema(databaseUrl: string, schema: string): Promise<void> {
  await withClient(databaseUrl, (client) => client.query(`CREATE SCHEMA IF NOT EXISTS "${schema}"`));
}

export async function dropSchema(databaseUrl: string, schema: string): Promise<void> {
  await withClient(databaseUrl, (client) => client.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`)).catch(() => {});
}
