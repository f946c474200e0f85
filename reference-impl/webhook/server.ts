// The receiver as a process (shared/process-entry.ts): environment → receiver (store,
// app, in-process worker), closed cleanly on SIGTERM/SIGINT.
import { createLogger } from '../shared/logger.ts';
import { closeOnSignals, pinoShutdownLog } from '../shared/listen.ts';
import { configOrExit, startOrExit } from '../shared/process-entry.ts';
import { readWebhookConfig } from './config.ts';
import { startReceiver } from './receiver.ts';

const PROGRAM = 'webhook receiver';

startOrExit(PROGRAM, async () => {
  const config = configOrExit(PROGRAM, () => readWebhookConfig(process.env));
  const logger = createLogger({ name: 'webhook-receiver', level: config.logLevel });
  if (config.faults.size > 0) logger.warn({ faults: [...config.faults] }, 'running with deliberate faults (self-test only)');
  if (config.probe) logger.warn('probe API enabled (CONFORMANCE_PROBE=1): never in production');
  const receiver = await startReceiver(config, logger);
  closeOnSignals(receiver.close, pinoShutdownLog(logger));
});
