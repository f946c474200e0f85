// Entry point of the resource API reference (shared/process-entry.ts): environment →
// config → store → listen. `PORT=0 tsx reference-impl/resource-api/server.ts`; stops
// cleanly on SIGTERM/SIGINT.
import type { AddressInfo } from 'node:net';
import pino from 'pino';
import { closeOnSignals, pinoShutdownLog } from '../shared/listen.ts';
import { configOrExit, startOrExit } from '../shared/process-entry.ts';
import { readConfig, type ResourceApiConfig } from './config.ts';
import { serve } from './serve.ts';

const PROGRAM = 'resource-api';

function createLogger(config: ResourceApiConfig): pino.Logger {
  return pino({
    level: config.logLevel,
    base: { service: 'resource-api' },
    redact: { paths: ['req.headers.authorization', 'headers.authorization', 'authorization'], censor: '[redacted]' },
  }, pino.destination({ dest: 1, sync: true }));
}

function warnAboutSwitches(config: ResourceApiConfig, logger: pino.Logger): void {
  if (config.tokensSource === 'development-default') {
    logger.warn({ users: config.tokens.users },
      'API_TOKENS is not set: using the documented development tokens (reference-impl/resource-api/README.md); never outside development');
  }
  if (config.probe) logger.warn('probe API enabled (CONFORMANCE_PROBE=1): never in production');
  if (config.faults.size > 0) logger.warn({ faults: [...config.faults] }, 'running with deliberate faults (self-test only)');
}

function urlOf(address: AddressInfo): string {
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  return `http://${host}:${address.port}`;
}

startOrExit(PROGRAM, async () => {
  const config = configOrExit(PROGRAM, () => readConfig(process.env));
  const logger = createLogger(config);
  warnAboutSwitches(config, logger);
  const serving = await serve(config, logger);
  logger.info({ url: urlOf(serving.app.server.address() as AddressInfo), store: serving.store.kind }, 'listening');
  closeOnSignals(serving.close, pinoShutdownLog(logger));
});
