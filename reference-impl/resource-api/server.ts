// Entry point of the resource API reference: environment → config → store → listen.
// `PORT=0 tsx reference-impl/resource-api/server.ts`; stops cleanly on SIGTERM/SIGINT.
import type { AddressInfo } from 'node:net';
import pino from 'pino';
import type { ResourceApiConfig } from './config.ts';
import { ConfigError, readConfig } from './config.ts';
import { serve, type Serving } from './serve.ts';

const EXIT_CONFIG = 2;
const EXIT_STARTUP = 1;

function loadConfig(): ResourceApiConfig {
  try {
    return readConfig(process.env);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    process.stderr.write(`resource-api: cannot start: ${error.message}\n`);
    process.exit(EXIT_CONFIG);
  }
}

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

function stopOnSignals(serving: Serving, logger: pino.Logger): void {
  let stopping = false;
  const stop = async (signal: NodeJS.Signals): Promise<void> => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down');
    await serving.close();
    logger.info('stopped');
    process.exit(0);
  };
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.on(signal, () => {
      stop(signal).catch((error: unknown) => {
        logger.fatal({ err: error }, 'shutdown failed');
        process.exit(EXIT_STARTUP);
      });
    });
  }
}

async function main(): Promise<void> {
  const config = loadConfig();
  const logger = createLogger(config);
  warnAboutSwitches(config, logger);
  const serving = await serve(config, logger);
  logger.info({ url: urlOf(serving.app.server.address() as AddressInfo), store: serving.store.kind }, 'listening');
  stopOnSignals(serving, logger);
}

main().catch((error: unknown) => {
  process.stderr.write(`resource-api: cannot start: ${(error as Error)?.message ?? String(error)}\n`);
  process.exit(EXIT_STARTUP);
});
