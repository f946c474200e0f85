// Picks the adapter: PostgreSQL when a database URL is given, else embedded PGlite
// in dataDir (default: a fresh directory under the OS temp dir).
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { SqlStore } from './sql-store.ts';
import { openPgliteStore } from './pglite-store.ts';
import { openPgStore } from './pg-store.ts';
import type { StoreTimeouts } from './store-timeouts.ts';

export interface StoreOptions {
  /** PostgreSQL connection string (env DATABASE_URL). */
  readonly databaseUrl?: string | undefined;
  /** Schema to create and use inside that database (env DATABASE_SCHEMA). */
  readonly schema?: string | undefined;
  /** Embedded data directory (env DATA_DIR). */
  readonly dataDir?: string | undefined;
  readonly maxConnections?: number | undefined;
  /**
   * PostgreSQL's waits (default DEFAULT_STORE_TIMEOUTS). The embedded store has none:
   * it runs in-process, so there is no server that could stop answering.
   */
  readonly timeouts?: StoreTimeouts | undefined;
}

export function defaultDataDir(): string {
  return mkdtempSync(join(tmpdir(), 'wirecheck-data-'));
}

export async function openStore(options: StoreOptions): Promise<SqlStore> {
  if (options.databaseUrl) {
    return openPgStore({ databaseUrl: options.databaseUrl, schema: options.schema, maxConnections: options.maxConnections, timeouts: options.timeouts });
  }
  return openPgliteStore(options.dataDir ?? defaultDataDir());
}
