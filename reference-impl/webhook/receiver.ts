// The receiver assembled from its configuration: store → metrics → worker (unless
// WORKER=0) → app → listen. server.ts runs it as a process; the mutation run starts
// it in-process, so the conformance suites exercise the mutated code they observe.
import type pino from 'pino';
import { listen } from '../shared/listen.ts';
import { openStore } from '../store/open-store.ts';
import { buildWebhookApp } from './app.ts';
import type { WebhookConfig } from './config.ts';
import { createMetrics } from './metrics.ts';
import { startWorker } from './processing/worker.ts';

export interface RunningReceiver {
  readonly url: string;
  /** Stops accepting, lets requests in flight finish, then the worker, then the store. */
  close(): Promise<void>;
}

export async function startReceiver(config: WebhookConfig, logger: pino.Logger): Promise<RunningReceiver> {
  const store = await openStore({ databaseUrl: config.databaseUrl, schema: config.databaseSchema, dataDir: config.dataDir, timeouts: config.databaseTimeouts });
  const metrics = createMetrics(store);
  const worker = config.worker ? startWorker({ store, metrics, logger: logger.child({ component: 'worker' }), faults: config.faults, options: config.workerOptions }) : undefined;
  const app = buildWebhookApp({ store, secret: config.secret, probe: config.probe, faults: config.faults, metrics, logger, limits: config.limits, onQueued: () => worker?.nudge() });
  try {
    const url = await listen(app, config);
    return {
      url,
      close: async () => {
        await app.close();
        await worker?.stop();
        await store.close();
      },
    };
  }
  catch (error) {
    await worker?.stop();
    await store.close();
    throw error;
  }
}
