// PostgreSQL adapter (DATABASE_URL). Several processes may share one database; the
// schema is applied under an advisory lock so concurrent starts do not race on DDL.
// An optional schema name isolates one run's tables from another's.
import pg from 'pg';
import type { QueryResult, SqlExecutor, SqlStore } from './sql-store.ts';
import { StoreUnavailableError } from './sql-store.ts';
import { schemaSql } from './schema.ts';

const SCHEMA_LOCK = 727_001; // arbitrary, constant advisory-lock key for DDL

function quoteIdent(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

function executor(client: pg.Pool | pg.PoolClient): SqlExecutor {
  return {
    async query<R>(sql: string, params: readonly unknown[] = []): Promise<QueryResult<R>> {
      try {
        const result = await client.query(sql, [...params]);
        return { rows: result.rows as R[], rowCount: result.rowCount ?? result.rows.length };
      } catch (error) {
        throw classify(error);
      }
    },
  };
}

// Connection-level failures become StoreUnavailableError (callers answer 503);
// SQL errors (constraint violations and the like) pass through unchanged.
function classify(error: unknown): unknown {
  const code = (error as { code?: string }).code ?? '';
  const connectionFailure = /^(ECONN|ETIMEDOUT|ENOTFOUND|EPIPE|57P|08)/.test(code)
    || /Connection terminated|connection timeout|Client has encountered a connection error/i.test(String((error as Error).message));
  return connectionFailure ? new StoreUnavailableError(`database unavailable: ${(error as Error).message}`, { cause: error }) : error;
}

export interface PgStoreOptions {
  readonly databaseUrl: string;
  readonly schema?: string;
  readonly maxConnections?: number;
}

export async function openPgStore(options: PgStoreOptions): Promise<SqlStore> {
  const pool = new pg.Pool({
    connectionString: options.databaseUrl,
    max: options.maxConnections ?? 10,
    connectionTimeoutMillis: 5_000,
    options: options.schema ? `-c search_path=${quoteIdent(options.schema)}` : undefined,
  });
  // An idle client losing its connection must not crash the process.
  pool.on('error', () => {});
  const setup = await pool.connect().catch((error: unknown) => { throw classify(error); });
  try {
    await setup.query('SELECT pg_advisory_lock($1)', [SCHEMA_LOCK]);
    if (options.schema) await setup.query(`CREATE SCHEMA IF NOT EXISTS ${quoteIdent(options.schema)}`);
    await setup.query(schemaSql());
  } finally {
    await setup.query('SELECT pg_advisory_unlock($1)', [SCHEMA_LOCK]).catch(() => {});
    setup.release();
  }
  const run = executor(pool);
  return {
    kind: 'postgres',
    query: run.query,
    async transaction(fn) {
      const client = await pool.connect().catch((error: unknown) => { throw classify(error); });
      // A checked-out client has no pool listener: a connection lost between two
      // statements (the server stopped) would be an unhandled 'error' that ends the
      // process. Caught here, the statement in flight or the next one fails instead
      // (→ 503), and the broken client is destroyed rather than returned to the pool.
      let lost: Error | undefined;
      const onLost = (error: Error) => { lost = error; };
      client.on('error', onLost);
      try {
        await client.query('BEGIN');
        const result = await fn(executor(client));
        await client.query('COMMIT');
        return result;
      } catch (error) {
        await client.query('ROLLBACK').catch(() => {});
        throw classify(error);
      } finally {
        client.off('error', onLost);
        client.release(lost);
      }
    },
    close: () => pool.end(),
  };
}
