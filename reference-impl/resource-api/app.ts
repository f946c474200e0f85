// The resource API as a Fastify app: routes, hooks and error handling only (no
// listen, no environment). The store, tokens and faults come in as dependencies.
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import Fastify from 'fastify';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { AppContext } from './app-context.ts';
import { addCommonHeaders, commonHeaders } from './common-headers.ts';
import { clientErrorHandler, frameworkErrors, installErrorHandling, stripErrorBodies } from './error-handling.ts';
import type { ResourceFaults } from './faults.ts';
import { NO_FAULTS } from './faults.ts';
import { healthRoute } from './health-route.ts';
import { compressWhenAsked } from './compress-when-asked.ts';
import { LATE_COMMIT_MS } from './late-commit.ts';
import { labelsRoutes } from './labels-routes.ts';
import { preferencesRoutes } from './preferences-routes.ts';
import { preflightRoutes } from './preflight-routes.ts';
import { probeRoutes } from './probe-routes.ts';
import { routeShapes } from './route-shapes.ts';
import { StoreGateway } from './store-gateway.ts';
import type { SqlStore } from '../store/sql-store.ts';
import { orderPipelinedRequests } from '../shared/pipeline-order.ts';
import { logClientFailure } from '../shared/client-errors.ts';
import { serializeRequest } from '../shared/request-log.ts';
import { DEFAULT_SERVER_LIMITS, limitConnections, serverLimitOptions, type ServerLimits } from '../shared/server-limits.ts';
import type { TokenTable } from './token-table.ts';

export interface AppDeps {
  readonly store: SqlStore;
  readonly tokens: TokenTable;
  readonly faults?: ResourceFaults;
  /** Expose the probe API (CONFORMANCE_PROBE=1). */
  readonly probe?: boolean;
  readonly logger?: FastifyBaseLogger;
  /** Delay of the deferred commit under the fault ack-before-commit (default 300 ms). */
  readonly ackDelayMs?: number;
  /** How long after the 204 was sent the fault commit-after-204 commits (default LATE_COMMIT_MS). */
  readonly lateCommitMs?: number;
  /** Request deadlines and the connection cap (default DEFAULT_SERVER_LIMITS). */
  readonly limits?: ServerLimits;
}

export const BODY_LIMIT_BYTES = 64 * 1024;

const REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** A client's X-Request-Id is echoed when it is short and plain; otherwise one is made. */
function requestId(req: IncomingMessage): string {
  const given = req.headers['x-request-id'];
  return typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
}

export function buildApp(deps: AppDeps): FastifyInstance {
  const faults = deps.faults ?? NO_FAULTS;
  const limits = deps.limits ?? DEFAULT_SERVER_LIMITS;
  const ctx: AppContext = {
    db: new StoreGateway(deps.store, (error) => app.log.error({ err: error }, 'deferred commit failed')),
    tokens: deps.tokens,
    faults,
    ackDelayMs: deps.ackDelayMs ?? 300,
    lateCommitMs: deps.lateCommitMs ?? LATE_COMMIT_MS,
    has: (fault) => faults.has(fault),
  };
  // The request line is logged with its query redacted (a token sent as ?access_token= is refused, and not written down).
  const logger = deps.logger?.child({}, { serializers: { req: serializeRequest } });
  const app = Fastify({
    ...(logger ? { loggerInstance: logger } : { logger: false }),
    genReqId: requestId,
    bodyLimit: BODY_LIMIT_BYTES,
    // Fastify's own 503 while closing has its own JSON body; requests in flight finish normally instead.
    return503OnClosing: false,
    frameworkErrors: frameworkErrors((request) => commonHeaders(ctx, request), ctx),
    ...serverLimitOptions(limits),
    clientErrorHandler: clientErrorHandler((failure, facts) => logClientFailure(app.log, failure, facts)),
  });
  limitConnections(app.server, limits);
  // Bodies are read as bytes for every content type: the 415 decision is ours (before
  // parsing, after auth), never Fastify's, and JSON syntax errors are ours (400).
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
  orderPipelinedRequests(app);
  app.addHook('onSend', addCommonHeaders(ctx));
  if (ctx.has('empty-error-bodies')) app.addHook('onSend', stripErrorBodies);
  if (ctx.has('content-encoding-when-asked')) app.addHook('onSend', compressWhenAsked);
  app.addHook('onClose', () => ctx.db.drain());
  installErrorHandling(app, routeShapes(deps.probe === true), ctx);
  healthRoute(app, ctx);
  preferencesRoutes(app, ctx);
  labelsRoutes(app, ctx);
  preflightRoutes(app, ctx);
  if (deps.probe) probeRoutes(app, ctx);
  return app;
}
