// The resource API assembled from its configuration: store (PostgreSQL, a given
// PGlite dir, or a temp one removed on close) → app → listen. server.ts runs it as a
// process; the mutation run starts it in-process.
import { rmSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import type pino from 'pino';
import { buildApp } from './app.ts';
import type { ResourceApiConfig } from './config.ts';
import { defaultDataDir, openStore } from '../store/open-store.ts';
import type { SqlStore } from '../store/sql-store.ts';

export interface Serving {
  readonly app: FastifyInstance;
  readonly store: SqlStore;
  /** Closes the listener (requests in flight finish), then the store, then removes a temp data dir. */
  close(): Promise<void>;
}

export async function serve(config: ResourceApiConfig, logger: pino.Logger): Promise<Serving> {
  // Stryker disable next-line all: not in the spec: where the data lives; a run always gives DATABASE_URL or DATA_DIR, so the reference's own temp dir is never used
  const ownDataDir = config.databaseUrl || config.dataDir ? undefined : defaultDataDir();
  // Stryker disable next-line all: shutdown only: removes the reference's own temp dir after the listener and the store are closed
  const removeOwnDataDir = () => ownDataDir && rmSync(ownDataDir, { recursive: true, force: true });
  let store: SqlStore | undefined;
  try {
    // Stryker disable next-line all: not in the spec: which store backs the API; without these options the reference opens PGlite in a fresh temp dir, committing the same way
    store = await openStore({ databaseUrl: config.databaseUrl, schema: config.databaseSchema, dataDir: config.dataDir ?? ownDataDir });
    const app = buildApp({ store, tokens: config.tokens, faults: config.faults, probe: config.probe, logger, limits: config.limits });
    await app.listen({ host: config.host, port: config.port });
    const opened = store;
    // Stryker disable BlockStatement: shutdown or a failed start-up only: close() runs after the checks, and a run's store opens and its port is free
    return { app, store, close: async () => { await app.close(); await opened.close(); removeOwnDataDir(); } };
  } catch (error) {
    // Stryker restore BlockStatement
    // Stryker disable next-line OptionalChaining: not in the spec: a failed start-up; a run's store opens and its port is free
    await store?.close().catch(() => {});
    removeOwnDataDir();
    throw error;
  }
}
