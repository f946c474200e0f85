// The receiver as a process: environment → store → app (+ in-process worker) → listen.
import { createLogger } from '../shared/logger.ts';
import { listenAndServe } from '../shared/listen.ts';
import { ConfigError } from '../shared/env-config.ts';
import { openStore } from '../store/open-store.ts';
import { buildWebhookApp } from './app.ts';
import { readWebhookConfig, type WebhookConfig } from './config.ts';
import { createMetrics } from './metrics.ts';
import { startWorker } from './processing/worker.ts';

function configOrExit(): WebhookConfig {
  try {
    return readWebhookConfig(process.env);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    process.stderr.write(`webhook receiver: ${error.message}\n`);
    process.exit(2);
  }
}

const config = configOrExit();
const logger = createLogger({ name: 'webhook-receiver', level: config.logLevel });
if (config.faults.size > 0) logger.warn({ faults: [...config.faults] }, 'running with deliberate faults (self-test only)');
if (config.probe) logger.warn('probe API enabled (CONFORMANCE_PROBE=1): never in production');

const store = await openStore({ databaseUrl: config.databaseUrl, schema: config.databaseSchema, dataDir: config.dataDir });
const metrics = createMetrics(store);
const worker = config.worker ? startWorker({ store, metrics, logger: logger.child({ component: 'worker' }), faults: config.faults, options: config.workerOptions }) : undefined;
const app = buildWebhookApp({ store, secret: config.secret, probe: config.probe, faults: config.faults, metrics, logger, onQueued: () => worker?.nudge() });
await listenAndServe(app, {
  host: config.host,
  port: config.port,
  onClose: async () => {
    await worker?.stop();
    await store.close();
  },
});
