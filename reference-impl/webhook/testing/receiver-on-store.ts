// The receiver and its worker on one of the two stores, for a test that follows an
// event from its delivery to its business action: embedded PGlite, or PostgreSQL in a
// schema of its own when DATABASE_URL is set (`skip` says why not otherwise). Fast
// polling and retries, so an event settles, or fails, within milliseconds.
import { createHmac } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import type { FastifyInstance } from 'fastify';
import { databaseUrl, dropSchema, postgresSkipReason, uniqueSchemaName } from '../../../test/testing/postgres.ts';
import { openStore } from '../../store/open-store.ts';
import type { SqlStore } from '../../store/sql-store.ts';
import { buildWebhookApp } from '../app.ts';
import { createMetrics } from '../metrics.ts';
import { startWorker, type Worker } from '../processing/worker.ts';

export const STORES = [
  { name: 'pglite', skip: undefined as string | undefined },
  { name: 'postgres', skip: postgresSkipReason() },
] as const;

export interface ReceiverOnStore {
  readonly store: SqlStore;
  readonly app: FastifyInstance;
  readonly sign: (body: string) => string;
  close(): Promise<void>;
}

export async function receiverOnStore(name: 'pglite' | 'postgres', secret: string): Promise<ReceiverOnStore> {
  const schema = uniqueSchemaName('wrecv');
  const dataDir = mkdtempSync(join(tmpdir(), 'wirecheck-receiver-'));
  const store = await openStore(name === 'postgres' ? { databaseUrl, schema } : { dataDir });
  const metrics = createMetrics(store);
  const worker: Worker = startWorker({ store, metrics, logger: pino({ level: 'silent' }), faults: new Set(), options: { concurrency: 1, pollMs: 10, leaseMs: 5_000, maxAttempts: 3, retryBaseMs: 10 } });
  const app = buildWebhookApp({ store, secret, probe: true, faults: new Set(), metrics, onQueued: () => worker.nudge() });
  await app.ready();
  return {
    store,
    app,
    sign: (body) => createHmac('sha256', secret).update(body).digest('hex'),
    async close() {
      await app.close();
      await worker.stop();
      await store.close();
      if (name === 'postgres') await dropSchema(schema);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
