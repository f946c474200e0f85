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

/** `beforeListen`: awaited once the store is open and the app built, before it listens (server.ts's processes listen together). */
export async function serve(config: ResourceApiConfig, logger: pino.Logger, beforeListen?: () => Promise<void>): Promise<Serving> {
  const ownDataDir = config.databaseUrl || config.dataDir ? undefined : defaultDataDir();
  const removeOwnDataDir = () => ownDataDir && rmSync(ownDataDir, { recursive: true, force: true });
  let store: SqlStore | undefined;
  try {
    store = await openStore({ databaseUrl: config.databaseUrl, schema: config.databaseSchema, dataDir: config.dataDir ?? ownDataDir });
    const app = buildApp({ store, tokens: config.tokens, faults: config.faults, probe: config.probe, logger, limits: config.limits });
    await beforeListen?.();
    await app.listen({ host: config.host, port: config.port });
    const opened = store;
    return { app, store, close: async () => { await app.close(); await opened.close(); removeOwnDataDir(); } };
  } catch (error) {
    await store?.close().catch(() => {});
    removeOwnDataDir();
    throw error;
  }
}
