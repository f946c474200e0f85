// PostgreSQL: one schema per STORE_NAME holding the event records, the work queue and
// the payment state. Created at start, idempotently, by every instance at once.
import pg from 'pg';

export interface Store {
  readonly pool: pg.Pool;
  readonly url: string;
  /** Schema-qualified, quoted table names. */
  readonly tables: Tables;
  readonly storeName: string;
}

export interface Tables {
  readonly events: string;
  readonly jobs: string;
  readonly payments: string;
}

export function tablesOf(storeName: string): Tables {
  const schema = `"${storeName}"`;
  return { events: `${schema}."events"`, jobs: `${schema}."jobs"`, payments: `${schema}."payments"` };
}

function ddl(storeName: string, t: Tables): string[] {
  return [
    `CREATE SCHEMA IF NOT EXISTS "${storeName}"`,
    // event_key: SHA-256 of (provider, event id). The id has no length limit of its own
    // (only the body's), so the unique index is on its digest, never on the id itself.
    `CREATE TABLE IF NOT EXISTS ${t.events} (
       event_key   bytea PRIMARY KEY,
       provider    text NOT NULL,
       event_id    text NOT NULL,
       event_type  text NOT NULL,
       received_at timestamptz NOT NULL DEFAULT now(),
       payload     bytea NOT NULL,
       status      text NOT NULL DEFAULT 'accepted'
                   CHECK (status IN ('accepted', 'processing', 'completed', 'failed')),
       effects     integer NOT NULL DEFAULT 0
     )`,
    // The work queue, FIFO by seq (order of receipt).
    `CREATE TABLE IF NOT EXISTS ${t.jobs} (
       seq       bigserial PRIMARY KEY,
       event_key bytea NOT NULL UNIQUE REFERENCES ${t.events} (event_key)
     )`,
    `CREATE TABLE IF NOT EXISTS ${t.payments} (
       payment_key bytea PRIMARY KEY,
       payment_id  text NOT NULL,
       version     bigint NOT NULL,
       status      text NOT NULL,
       applied     bigint[] NOT NULL
     )`,
  ];
}

export async function openStore(url: string, storeName: string): Promise<Store> {
  const pool = new pg.Pool({ connectionString: url, max: 16 });
  // An idle client losing its connection must not take the process down.
  pool.on('error', (err) => console.error(`express-pg: idle database connection failed: ${err.message}`));
  const tables = tablesOf(storeName);
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    // Several instances start at once on one store: CREATE ... IF NOT EXISTS alone
    // races on the catalog, so the creation is serialized.
    await client.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`wirecheck-alt-express-pg-init:${storeName}`]);
    for (const statement of ddl(storeName, tables)) await client.query(statement);
    await client.query('COMMIT');
  } catch (err) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw err;
  } finally {
    client.release();
  }
  return { pool, url, tables, storeName };
}
