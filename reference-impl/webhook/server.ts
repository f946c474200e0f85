// The receiver as a process: environment → receiver (store, app, in-process worker),
// closed cleanly on SIGTERM/SIGINT.
import { createLogger } from '../shared/logger.ts';
import { closeOnSignals } from '../shared/listen.ts';
import { ConfigError } from '../shared/env-config.ts';
import { readWebhookConfig, type WebhookConfig } from './config.ts';
import { startReceiver } from './receiver.ts';

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

const receiver = await startReceiver(config, logger);
closeOnSignals(receiver.close, logger);
