// The receiver as a process: environment → store → app → listen.
import { createLogger } from '../shared/logger.ts';
import { listenAndServe } from '../shared/listen.ts';
import { ConfigError } from '../shared/env-config.ts';
import { openStore } from '../store/open-store.ts';
import { buildWebhookApp } from './app.ts';
import { readWebhookConfig, type WebhookConfig } from './config.ts';

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
const app = buildWebhookApp({ store, secret: config.secret, probe: config.probe, faults: config.faults, logger });
await listenAndServe(app, { host: config.host, port: config.port, onClose: () => store.close() });
