// The receiver's routes, apart from listening (tests build it in-process).
import Fastify, { LogController, type FastifyInstance, type FastifyServerOptions } from 'fastify';
import type { SqlStore } from '../store/sql-store.ts';
import { StoreUnavailableError } from '../store/sql-store.ts';
import type { WebhookFault } from './faults.ts';
import { isJsonContentType } from './content-type.ts';
import { rejection } from './rejections.ts';
import { registerDeliveryRoute } from './routes/deliveries.ts';
import { registerProbeRoutes } from './routes/probe.ts';
import { renderMetrics, type WebhookMetrics } from './metrics.ts';
import { GroupCommitter } from './group-commit.ts';
import { orderPipelinedRequests } from '../shared/pipeline-order.ts';
import { clientErrorHandler, isClientAbort, logClientFailure } from '../shared/client-errors.ts';
import { DEFAULT_SERVER_LIMITS, limitConnections, serverLimitOptions, type ServerLimits } from '../shared/server-limits.ts';

/** 256 KiB: the spec's "256 kb" read as the larger, binary unit (CONTRACTS §5). */
export const BODY_LIMIT = 256 * 1024;

export interface WebhookAppDeps {
  readonly store: SqlStore;
  readonly secret: string;
  readonly probe: boolean;
  readonly faults: ReadonlySet<WebhookFault>;
  readonly metrics: WebhookMetrics;
  readonly logger?: FastifyServerOptions['loggerInstance'];
  /** Called when a new event is queued: wakes an in-process worker. */
  readonly onQueued?: () => void;
  /** Request deadlines and the connection cap (default DEFAULT_SERVER_LIMITS). */
  readonly limits?: ServerLimits;
}

function bodyLimit(faults: ReadonlySet<WebhookFault>): number {
  if (faults.has('no-body-limit')) return 64 * 1024 * 1024;
  if (faults.has('body-limit-100kb')) return 100 * 1024;
  return BODY_LIMIT;
}

export function buildWebhookApp(deps: WebhookAppDeps): FastifyInstance {
  const limits = deps.limits ?? DEFAULT_SERVER_LIMITS;
  const app = Fastify({
    loggerInstance: deps.logger,
    bodyLimit: bodyLimit(deps.faults),
    // The probe looks events and payments up by id, and an id may be as long as the body
    // allows: Fastify's default of 100 characters answered 414 for longer ones. Node's
    // 16 KiB head limit is the real bound of what fits a URL. (A router option: set at the
    // top level, Fastify 5 warns FSTDEP022 on every start.)
    routerOptions: { maxParamLength: 16_384 },
    ...serverLimitOptions(limits),
    clientErrorHandler: clientErrorHandler({ log: (failure, facts) => logClientFailure(app.log, failure, facts) }),
    // Never trust or echo client-supplied request ids into logs.
    genReqId: () => crypto.randomUUID(),
    // The delivery route logs one line per request itself (routes/deliveries.ts):
    // Fastify's two lines per request were a third of the receiver's CPU under load.
    logController: new LogController({ disableRequestLogging: true }),
  }) as unknown as FastifyInstance;
  limitConnections(app.server, limits);

  // Every body arrives as raw bytes: the signature is over the exact bytes, so no
  // parser may touch them. Any Content-Type other than JSON — missing or malformed
  // too — is normalised to octet-stream: the body is "treated as empty" (→ 401), never
  // a framework 415 or 400 for a type it cannot parse.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
  orderPipelinedRequests(app);
  app.addHook('onRequest', async (request) => {
    if (deps.faults.has('malformed-content-type-rejected')) return;
    if (!isJsonContentType(request.headers['content-type'], deps.faults)) request.headers['content-type'] = 'application/octet-stream';
  });

  app.setErrorHandler(async (error, request, reply) => {
    // A client gone mid-body is one info line, not an error with a stack.
    if (isClientAbort(error, request, (failure, facts) => logClientFailure(request.log, failure, facts))) return reply.code(400).send();
    const err = error as { statusCode?: number; code?: string };
    if (err.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      const { status, body } = rejection('payload-too-large', deps.faults);
      return reply.code(status).send(body);
    }
    // The database down (bench/crash.ts stops PostgreSQL), or the probe's fail switch: never a 202.
    if (error instanceof StoreUnavailableError) {
      request.log.error({ err: error.message }, 'store unavailable');
      return reply.code(503).send({ error: 'service unavailable' });
    }
    request.log.error({ err: error }, 'request failed');
    return reply.code(500).send({ error: 'internal error' });
  });

  app.get('/healthz', async () => ({ status: 'ok' }));
  if (!deps.faults.has('no-metrics')) {
    app.get('/metrics', async (_request, reply) => reply.type('text/plain; version=0.0.4').send(await renderMetrics(deps.metrics)));
  }
  const committer = new GroupCommitter(deps.store);
  registerDeliveryRoute(app, { ...deps, onQueued: deps.onQueued ?? (() => {}), committer });
  if (deps.probe) registerProbeRoutes(app, deps.store, committer, deps.faults);
  return app;
}
