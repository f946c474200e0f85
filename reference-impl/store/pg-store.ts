// PostgreSQL adapter (DATABASE_URL). Several processes may share one database; the
// schema is applied under an advisory lock so concurrent starts do not race on DDL.
// An optional schema name isolates one run's tables from another's. Every wait on the
// database is bounded (store-timeouts.ts): past it, StoreUnavailableError (→ 503).
import pg from 'pg';
import type { QueryResult, SqlExecutor, SqlStore } from './sql-store.ts';
import { StoreUnavailableError } from './sql-store.ts';
import { schemaSql } from './schema.ts';
import { CLIENT_GRACE_MS, DEFAULT_STORE_TIMEOUTS, type StoreTimeouts } from './store-timeouts.ts';

const SCHEMA_LOCK = 727_001; // arbitrary, constant advisory-lock key for DDL

function quoteIdent(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

/** onUnavailable hears of a statement that failed with its connection (or timed out). */
function executor(client: pg.Pool | pg.PoolClient, onUnavailable?: (error: StoreUnavailableError) => void): SqlExecutor {
  return {
    async query<R>(sql: string, params: readonly unknown[] = []): Promise<QueryResult<R>> {
      try {
        const result = await client.query(sql, [...params]);
        return { rows: result.rows as R[], rowCount: result.rowCount ?? result.rows.length };
      }
      catch (error) {
        const failure = classify(error);
        if (failure instanceof StoreUnavailableError) onUnavailable?.(failure);
        throw failure;
      }
    },
  };
}

// Connection-level failures become StoreUnavailableError (callers answer 503);
// SQL errors (constraint violations and the like) pass through unchanged.
// Codes: the connection failed (ECONN…, ETIMEDOUT, ENOTFOUND, EPIPE, class 08), the
// server is shutting down (57P), a timeout of ours fired on the server (57014
// statement_timeout, 55P03 a lock not granted, 25P03 a transaction left idle), or the
// server lacks resources (class 53: too many connections, disk full, out of memory).
// Messages: pg's own timeouts (a connection not made or not freed, a statement the
// server never answered) and connections it lost.
const UNAVAILABLE_CODE = /^(ECONN|ETIMEDOUT|ENOTFOUND|EPIPE|57P|57014|55P03|25P03|08|53)/;
const UNAVAILABLE_MESSAGE = /Connection terminated|connection timeout|Client has encountered a connection error|Query read timeout|timeout exceeded when trying to connect/i;

function classify(error: unknown): unknown {
  if (error instanceof StoreUnavailableError) return error;
  const code = (error as { code?: string }).code ?? '';
  const connectionFailure = UNAVAILABLE_CODE.test(code) || UNAVAILABLE_MESSAGE.test(String((error as Error).message));
  return connectionFailure ? new StoreUnavailableError(`database unavailable: ${(error as Error).message}`, { cause: error }) : error;
}

export interface PgStoreOptions {
  readonly databaseUrl: string;
  readonly schema?: string;
  readonly maxConnections?: number;
  readonly timeouts?: StoreTimeouts;
}

/**
 * Applies the schema on a connection of its own, without the statement timeouts: the
 * wait for another instance's schema lock, or a migration of a large table, may take
 * longer than any statement of a request should.
 */
async function applySchema(options: PgStoreOptions, searchPath: string | undefined, connectMs: number): Promise<void> {
  const setup = new pg.Client({ connectionString: options.databaseUrl, options: searchPath, connectionTimeoutMillis: connectMs });
  // A connection lost between two statements must not crash the process either.
  setup.on('error', () => {});
  await setup.connect().catch((error: unknown) => { throw classify(error); });
  try {
    await setup.query('SELECT pg_advisory_lock($1)', [SCHEMA_LOCK]);
    if (options.schema) await setup.query(`CREATE SCHEMA IF NOT EXISTS ${quoteIdent(options.schema)}`);
    await setup.query(schemaSql());
  } finally {
    // Ending the session releases its advisory lock.
    await setup.end().catch(() => {});
  }
}

export async function openPgStore(options: PgStoreOptions): Promise<SqlStore> {
  const timeouts = options.timeouts ?? DEFAULT_STORE_TIMEOUTS;
  const searchPath = options.schema ? `-c search_path=${quoteIdent(options.schema)}` : undefined;
  await applySchema(options, searchPath, timeouts.connectMs);
  const pool = new pg.Pool({
    connectionString: options.databaseUrl,
    max: options.maxConnections ?? 10,
    connectionTimeoutMillis: timeouts.connectMs,
    // Sent at connection start, so the server enforces them on every statement.
    statement_timeout: timeouts.statementMs,
    idle_in_transaction_session_timeout: timeouts.statementMs,
    // The client's own limit, for a server that no longer answers at all.
    query_timeout: timeouts.statementMs + CLIENT_GRACE_MS,
    options: searchPath,
  });
  // An idle client losing its connection must not crash the process.
  pool.on('error', () => {});
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
      // So is one whose statement failed with its connection or timed out: its server
      // may never answer it, and every later statement on it would wait behind it.
      let lost: Error | undefined;
      const onLost = (error: Error) => { lost = error; };
      client.on('error', onLost);
      const tx = executor(client, onLost);
      try {
        await tx.query('BEGIN');
        const result = await fn(tx);
        await tx.query('COMMIT');
        return result;
      }
      catch (error) {
        // A lost connection is not rolled back but dropped: a ROLLBACK would wait on it
        // as long again, and the server rolls back the transaction of a closed one.
        if (!lost) await client.query('ROLLBACK').catch((rollbackFailure: unknown) => { lost = rollbackFailure as Error; });
        throw classify(error);
      } finally {
        client.off('error', onLost);
        client.release(lost);
      }
    },
    close: () => pool.end(),
  };
}
