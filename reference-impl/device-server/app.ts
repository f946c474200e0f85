// The Fastify app (routes only, no listen): W3C routes under the base path, every
// failure answered with a W3C error body, every request logged as a text line, and
// every unknown command logged with its method and path.
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { WebDriverError, unknownCommand } from './errors.ts';
import type { DeviceServerFaults } from './faults.ts';
import { isGloballyEnabled, SESSION_DISCOVERY } from './insecure-features.ts';
import { legacyHint, legacyRoutes } from './legacy-routes.ts';
import { methodsFor, type RouteDef } from './route-table.ts';
import { w3cRoutes } from './routes.ts';
import type { SessionService } from './session-service.ts';
import type { ServerOptions } from './server-options.ts';
import type { TextLogger } from './text-logger.ts';
import { clientErrorHandler, isClientAbort } from '../shared/client-errors.ts';
import { redactQuery } from '../shared/request-log.ts';
import { DEFAULT_SERVER_LIMITS, limitConnections, serverLimitOptions, type ServerLimits } from '../shared/server-limits.ts';
import { textClientFailureLog } from './client-failure-log.ts';

export interface AppOptions {
  readonly server: Pick<ServerOptions, 'basePath' | 'allowInsecure'>;
  readonly service: SessionService;
  readonly faults: DeviceServerFaults;
  readonly log: TextLogger;
  readonly version: string;
  /** Request deadlines and the connection cap (default DEFAULT_SERVER_LIMITS). */
  readonly limits?: ServerLimits;
}

const BODY_LIMIT = 16 * 1024 * 1024;

function sendError(reply: FastifyReply, error: WebDriverError): void {
  void reply.code(error.status).type('application/json; charset=utf-8').send(error.toBody());
}

/** How a log line names a request: `POST /session/…`; with fault request-log-without-method, the path alone. */
function requestText(faults: DeviceServerFaults, method: string, path: string): string {
  // The query's values are never logged: a client may put a token there.
  return faults.has('request-log-without-method') ? redactQuery(path) : `${method} ${redactQuery(path)}`;
}

function parseJsonBody(_req: FastifyRequest, body: string, done: (err: Error | null, body?: unknown) => void): void {
  if (body.trim() === '') return done(null, undefined);
  try {
    done(null, JSON.parse(body));
  }
  catch (error) {
    done(new WebDriverError('invalid argument', `the request body is not valid JSON: ${(error as Error).message}`));
  }
}

function installErrorHandling(app: FastifyInstance, routes: readonly RouteDef[], options: AppOptions, prefix: string): void {
  const { log } = options;
  app.setErrorHandler((error, request, reply) => {
    // A client gone mid-body is one info line; the answer goes nowhere.
    if (isClientAbort(error, request, textClientFailureLog(log))) return sendError(reply, new WebDriverError('invalid argument', 'the request body was not received'));
    if (error instanceof WebDriverError) {
      log.info('HTTP', `${requestText(options.faults, request.method, request.url)} failed: ${error.error}: ${error.message.slice(0, 500)}`);
      // A driver's unexpected failure: its stack is for the operator, never in the answer.
      if (error.error === 'unknown error') log.error('HTTP', `${requestText(options.faults, request.method, request.url)}: ${error.stack ?? error.message}`);
      // Fault ended-session-unknown-error: the lookup's failure is not mapped to W3C's invalid session id.
      if (options.faults.has('ended-session-unknown-error') && error.error === 'invalid session id') return sendError(reply, new WebDriverError('unknown error', error.message));
      return sendError(reply, error);
    }
    const status = (error as { statusCode?: number }).statusCode ?? 500;
    if (status >= 400 && status < 500) return sendError(reply, new WebDriverError('invalid argument', (error as Error).message));
    log.error('HTTP', `${request.method} ${redactQuery(request.url)} failed: ${(error as Error).stack ?? String(error)}`);
    // The message of an unexpected error may name server paths: the log above has it, the client a plain text.
    sendError(reply, new WebDriverError('unknown error', 'The server failed unexpectedly while handling the request; its log has the details.'));
  });
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    // The base path alone (relative '/') is left outside: it names no route and no removed one. Fault base-path-prefix-unchecked: every path is inside.
    const inside = options.faults.has('base-path-prefix-unchecked') || prefix === '' ||
      path.startsWith(`${prefix}/`);
    const relative = inside ? path.slice(prefix.length) || '/' : undefined;
    const methods = relative === undefined ? [] : methodsFor(routes, relative);
    if (methods.length > 0) {
      log.info('HTTP', `Unknown method ${request.method} for ${path} (allowed: ${methods.join(', ')})`);
      void reply.header('allow', methods.join(', '));
      return sendError(reply, new WebDriverError('unknown method', `${request.method} is not supported for ${path}; use ${methods.join(' or ')}`));
    }
    const hint = relative === undefined ? undefined : legacyHint(relative);
    if (!options.faults.has('unknown-command-not-logged')) {
      log.info('HTTP', `No route found for ${requestText(options.faults, request.method, path)}: unknown command` + (hint ? ` (removed legacy route; use ${hint})` : ''));
    }
    sendError(reply, unknownCommand(request.method, path));
  });
}

export function buildApp(options: AppOptions): FastifyInstance {
  const { faults, log, service } = options;
  const limits = options.limits ?? DEFAULT_SERVER_LIMITS;
  const prefix = faults.has('base-path-ignored') ? '' : options.server.basePath;
  const sessionDiscovery = !faults.has('session-discovery-ignored')
    && (isGloballyEnabled(options.server.allowInsecure, SESSION_DISCOVERY) || faults.has('sessions-route-without-flag'));
  const routes = [...w3cRoutes({ version: options.version, sessionDiscovery, faults }), ...legacyRoutes(faults)];
  // Fault sessions-route-empty-without-flag: without the flag the listing route stays, with its sessions hidden.
  if (!sessionDiscovery && faults.has('sessions-route-empty-without-flag')) routes.push({ method: 'GET', url: '/vendor/sessions', handler: async () => [] });
  // Fault wd-hub-alias: the Appium 1 default base path answers too, whatever --base-path says.
  const prefixes = faults.has('wd-hub-alias') && prefix !== '/wd/hub' ? [prefix, '/wd/hub'] : [prefix];

  const app = Fastify({
    logger: false,
    bodyLimit: BODY_LIMIT,
    ...serverLimitOptions(limits),
    clientErrorHandler: clientErrorHandler({ log: textClientFailureLog(log) }),
    routerOptions: { ignoreTrailingSlash: true },
    // A URL Fastify cannot decode still gets a W3C answer.
    frameworkErrors: (error, request, reply) => {
      log.info('HTTP', `${request.method} ${redactQuery(request.url)} refused: ${error.message}`);
      sendError(reply, new WebDriverError('invalid argument', error.message));
    },
  });
  limitConnections(app.server, limits);
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'string' }, parseJsonBody);
  const silent = faults.has('unknown-command-not-logged');
  // With the fault, both request lines wait for the answer, and an unknown command gets none.
  app.addHook('onRequest', async (request) => { if (!silent) log.info('HTTP', `--> ${requestText(faults, request.method, request.url)}`); });
  app.addHook('onResponse', async (request, reply) => {
    if (silent && reply.statusCode === 404) return;
    if (silent) log.info('HTTP', `--> ${requestText(faults, request.method, request.url)}`);
    log.info('HTTP', `<-- ${requestText(faults, request.method, request.url)} ${reply.statusCode} ${Math.round(reply.elapsedTime)} ms`);
  });
  installErrorHandling(app, routes, options, prefix);

  // Readiness for the harness and container checks; outside the W3C routes.
  app.get('/healthz', async () => ({ status: 'ok' }));
  for (const route of routes) {
    for (const at of prefixes) {
      app.route({
        method: route.method,
        url: `${at}${route.url}`,
        handler: async (request) => ({
          value: (await route.handler({ params: request.params as Record<string, string>, body: request.body, service })) ?? null,
        }),
      });
    }
  }
  return app;
}
