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
    async query<R>(sql: string, params: readonly unknown[] = []): Promise<QueryResult<R>> {
      const result = await db.query<R>(sql, [...params]);
      return { rows: result.rows, rowCount: result.affectedRows || result.rows.length };
    },
  };
}

export async function openPgliteStore(dataDir: string): Promise<SqlStore> {
  const db = await createPglite(dataDir, schemaSql());
  const run = executor(db);
  return {
    kind: 'pglite',
    query: run.query,
    transaction: (fn) => db.transaction((tx) => fn(executor(tx))),
    close: () => db.close(),
  };
}
