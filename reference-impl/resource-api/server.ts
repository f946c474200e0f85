// Entry point of the resource API reference (shared/process-entry.ts): environment →
// config → store → listen. `PORT=0 tsx reference-impl/resource-api/server.ts`; stops
// cleanly on SIGTERM/SIGINT.
import cluster, { type Address, type Worker } from 'node:cluster';
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

// Fault multi-process-read-then-write: the deployment of a pre-forking server — several
// processes behind one port, the kernel handing each connection to one of them
// (SCHED_NONE, as gunicorn's or uvicorn's workers share their socket), all on one
// PostgreSQL. The bug is in racy-writes.ts (a lock of one process's own); this is only
// what makes it show. The processes listen together, once each has its store open, so
// the first answer (the harness's health check) comes when all of them serve.
const PROCESSES = 4;
const PREPARED = 'prepared';
const LISTEN = 'listen';

function messageFrom(worker: Worker, expected: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const onMessage = (message: unknown) => {
      if (message !== expected) return;
      worker.off('message', onMessage);
      resolve();
    };
    worker.on('message', onMessage);
    worker.once('exit', (code) => reject(new Error(`a server process exited with code ${code} before it was ${expected}`)));
  });
}

async function superviseProcesses(config: ResourceApiConfig, logger: pino.Logger): Promise<void> {
  warnAboutSwitches(config, logger);
  cluster.schedulingPolicy = cluster.SCHED_NONE;
  const workers = Array.from({ length: PROCESSES }, () => cluster.fork());
  closeOnSignals(async () => {
    await Promise.all(workers.map((worker) => new Promise<void>((resolve) => {
      if (worker.isDead()) return resolve();
      worker.once('exit', () => resolve());
      worker.process.kill('SIGTERM');
    })));
  }, pinoShutdownLog(logger));
  await Promise.all(workers.map((worker) => messageFrom(worker, PREPARED)));
  const listening = workers.map((worker) => new Promise<Address>((resolve) => worker.once('listening', resolve)));
  for (const worker of workers) worker.send(LISTEN);
  const { address = config.host, port, addressType } = (await Promise.all(listening))[0] as Address;
  logger.info({ url: urlOf({ address, port, family: addressType === 6 ? 'IPv6' : 'IPv4' }), processes: PROCESSES }, 'listening');
}

/** In a process of superviseProcesses: tell it the store is open, and listen when it says so. */
function listenWhenTold(): Promise<void> {
  return new Promise((resolve) => {
    const onMessage = (message: unknown) => {
      if (message !== LISTEN) return;
      process.off('message', onMessage);
      resolve();
    };
    process.on('message', onMessage);
    process.send?.(PREPARED);
  });
}

startOrExit(PROGRAM, async () => {
  const config = configOrExit(PROGRAM, () => readConfig(process.env));
  const logger = createLogger(config);
  if (config.faults.has('multi-process-read-then-write') && cluster.isPrimary) return superviseProcesses(config, logger);
  if (cluster.isPrimary) warnAboutSwitches(config, logger);
  const serving = await serve(config, logger, cluster.isWorker ? listenWhenTold : undefined);
  logger.info({ url: urlOf(serving.app.server.address() as AddressInfo), store: serving.store.kind }, 'listening');
  closeOnSignals(serving.close, pinoShutdownLog(logger));
});
