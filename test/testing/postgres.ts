// Tests that need a real PostgreSQL read DATABASE_URL (`.ci/run` sets it). Without
// it they are skipped, and the reason is printed once so a skip is never silent.
import { randomBytes } from 'node:crypto';
import pg from 'pg';

export const databaseUrl: string | undefined = process.env['DATABASE_URL'] || undefined;

let warned = false;
export function postgresSkipReason(): string | undefined {
  if (databaseUrl) return undefined;
  const reason = 'needs PostgreSQL: set DATABASE_URL (e.g. postgres://postgres@127.0.0.1:5432/test)';
  if (!warned) {
    warned = true;
    console.warn(`[skipped] ${reason}`);
  }
  return reason;
}

/** A fresh schema name; dropSchema removes it and everything in it. */
export function uniqueSchemaName(prefix = 'wct'): string {
  return `${prefix}_${randomBytes(6).toString('hex')}`;
}

export async function dropSchema(schema: string): Promise<void> {
  if (!databaseUrl) return;
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
  } finally {
    await client.end();
  }
}
