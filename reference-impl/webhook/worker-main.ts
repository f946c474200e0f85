// The worker as its own process: same database, same guarantees, no HTTP besides
// a health and metrics endpoint (so it can be probed for readiness and scraped).
import { createLogger } from '../shared/logger.ts';
import { listenAndServe } from '../shared/listen.ts';
import { configOrExit, startOrExit } from '../shared/process-entry.ts';
import { openStore } from '../store/open-store.ts';
import Fastify, { type FastifyInstance } from 'fastify';
import { readWebhookConfig } from './config.ts';
import { createMetrics, renderMetrics } from './metrics.ts';
import { startWorker } from './processing/worker.ts';
import { clientErrorHandler, logClientFailure } from '../shared/client-errors.ts';
import { serializeRequest } from '../shared/request-log.ts';
import { limitConnections, serverLimitOptions } from '../shared/server-limits.ts';

const PROGRAM = 'webhook worker';

startOrExit(PROGRAM, async () => {
  const config = configOrExit(PROGRAM, () => readWebhookConfig(process.env, { needsSecret: false }));
  const logger = createLogger({ name: 'webhook-worker', level: config.logLevel });
  const store = await openStore({ databaseUrl: config.databaseUrl, schema: config.databaseSchema, dataDir: config.dataDir, timeouts: config.databaseTimeouts });
  const metrics = createMetrics(store);
  const worker = startWorker({ store, metrics, logger, faults: config.faults, options: config.workerOptions });
  // The same deadlines, connection cap and query-free request lines as the receiver's.
  const app = Fastify({
    loggerInstance: logger.child({}, { serializers: { req: serializeRequest } }),
    ...serverLimitOptions(config.limits),
    clientErrorHandler: clientErrorHandler({ log: (failure, facts) => logClientFailure(app.log, failure, facts) }),
  }) as unknown as FastifyInstance;
  limitConnections(app.server, config.limits);
  app.get('/healthz', async () => ({ status: 'ok' }));
  app.get('/metrics', async (_request, reply) => reply.type('text/plain; version=0.0.4').send(await renderMetrics(metrics)));
  await listenAndServe(app, {
    host: config.host,
    port: config.port,
    onClose: async () => {
      await worker.stop();
      await store.close();
    },
  });
});
