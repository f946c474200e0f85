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
  // Stryker disable next-line StringLiteral: equivalent, Fastify sets application/json; charset=utf-8 itself when it serializes an object under an empty type
  void reply.code(error.status).type('application/json; charset=utf-8').send(error.toBody());
}

/** How a log line names a request: `POST /session/…`; with fault request-log-without-method, the path alone. */
function requestText(faults: DeviceServerFaults, method: string, path: string): string {
  // The query's values are never logged: a client may put a token there.
  // Stryker disable next-line ConditionalExpression,StringLiteral: operational record, the method in a request log line; the spec fixes no log line's form: DS-LEGACY-05 takes a new line naming the path or a 404 / unknown command (with the template emptied the No route and <-- lines still name the failure), DS-LEGACY-06 (INFO) records the rest
  return faults.has('request-log-without-method') ? redactQuery(path) : `${method} ${redactQuery(path)}`;
}

function parseJsonBody(_req: FastifyRequest, body: string, done: (err: Error | null, body?: unknown) => void): void {
  // Stryker disable next-line MethodExpression: not shown: the spec does not say how a request body of whitespace only is read (clients send none or JSON)
  if (body.trim() === '') return done(null, undefined);
  try {
    done(null, JSON.parse(body));
  }
  // Stryker disable next-line BlockStatement: not shown: the spec names no outcome for a request body that is not JSON (Errors: statuses)
  catch (error) {
    // Stryker disable next-line StringLiteral: not shown: the spec names no outcome for a request body that is not JSON (Errors: statuses)
    done(new WebDriverError('invalid argument', `the request body is not valid JSON: ${(error as Error).message}`));
  }
}

function installErrorHandling(app: FastifyInstance, routes: readonly RouteDef[], options: AppOptions, prefix: string): void {
  const { log } = options;
  app.setErrorHandler((error, request, reply) => {
    // A client gone mid-body is one info line; the answer goes nowhere.
    if (isClientAbort(error, request, textClientFailureLog(log))) return sendError(reply, new WebDriverError('invalid argument', 'the request body was not received'));
    // Stryker disable next-line ConditionalExpression: not shown: only errors that are no WebDriverError differ (a body over the limit, a Fastify error), whose answers the spec does not show (Errors: statuses; Limits); shares its line with a detected one (false)
    if (error instanceof WebDriverError) {
      // Stryker disable next-line StringLiteral,MethodExpression: operational record, the wording of a failed command's log line
      log.info('HTTP', `${requestText(options.faults, request.method, request.url)} failed: ${error.error}: ${error.message.slice(0, 500)}`);
      // A driver's unexpected failure: its stack is for the operator, never in the answer.
      if (error.error === 'unknown error') log.error('HTTP', `${requestText(options.faults, request.method, request.url)}: ${error.stack ?? error.message}`);
      // Fault ended-session-unknown-error: the lookup's failure is not mapped to W3C's invalid session id.
      if (options.faults.has('ended-session-unknown-error') && error.error === 'invalid session id') return sendError(reply, new WebDriverError('unknown error', error.message));
      return sendError(reply, error);
    }
    // Stryker disable next-line LogicalOperator: not shown: only failures the spec does not name get here (a body over the limit, a plain error); their status and body are not shown (Errors: statuses; Limits)
    const status = (error as { statusCode?: number }).statusCode ?? 500;
    // Stryker disable next-line ConditionalExpression,LogicalOperator,EqualityOperator,StringLiteral: not shown: only failures the spec does not name get here (a body over the limit, a plain error); their status and body are not shown (Errors: statuses; Limits)
    if (status >= 400 && status < 500) return sendError(reply, new WebDriverError('invalid argument', (error as Error).message));
    // Stryker disable next-line StringLiteral,LogicalOperator: operational record, the log line of an unexpected failure
    log.error('HTTP', `${request.method} ${redactQuery(request.url)} failed: ${(error as Error).stack ?? String(error)}`);
    // The message of an unexpected error may name server paths: the log above has it, the client a plain text.
    // Stryker disable next-line StringLiteral: not shown: only failures the spec does not name get here (a body over the limit, a plain error); their status and body are not shown (Errors: statuses; Limits)
    sendError(reply, new WebDriverError('unknown error', 'The server failed unexpectedly while handling the request; its log has the details.'));
  });
  app.setNotFoundHandler((request, reply) => {
    // Stryker disable next-line LogicalOperator,StringLiteral: not shown: the path feeds only the wrong-method answer (405 unknown method, a failure the spec does not name), the error message and the log's legacy hint; an unknown path still answers 404 and the <-- line names it (Errors: statuses); the ?? fallback is unreachable
    const path = request.url.split('?')[0] ?? '/';
    // The base path alone (relative '/') is left outside: it names no route and no removed one. Fault base-path-prefix-unchecked: every path is inside.
    // Stryker disable next-line LogicalOperator,StringLiteral: not shown: with prefix '' every path starts with / either way; under another base path only the wrong-method answer (405 unknown method, a failure the spec does not name) and the log's legacy hint change
    const inside = options.faults.has('base-path-prefix-unchecked') || prefix === '' ||
      // Stryker disable next-line MethodExpression: not shown: inside only feeds the wrong-method answer (405 unknown method, a failure the spec does not name) and the log's legacy hint; paths outside the base path still answer 404
      path.startsWith(`${prefix}/`);
    // Stryker disable next-line ConditionalExpression,LogicalOperator,MethodExpression,StringLiteral: not shown: relative only feeds the wrong-method answer (405 unknown method, a failure the spec does not name) and the log's legacy hint (operational record); unknown commands still answer 404; shares its line with a detected one (ConditionalExpression → true, killed by DS-BASE-02: /wd/hux/status on a /wd/hub server)
    const relative = inside ? path.slice(prefix.length) || '/' : undefined;
    // Stryker disable next-line ConditionalExpression,EqualityOperator: not shown: decides only the wrong-method answer (405 unknown method, a failure the spec does not name); methodsFor(undefined) finds none
    const methods = relative === undefined ? [] : methodsFor(routes, relative);
    // Stryker disable next-line ConditionalExpression,BlockStatement: not shown: the wrong-method answer (405 unknown method, a failure the spec does not name) becomes 404 unknown command; shares its line with a detected one (true)
    if (methods.length > 0) {
      // Stryker disable next-line StringLiteral: operational record, the log line of a wrong method
      log.info('HTTP', `Unknown method ${request.method} for ${path} (allowed: ${methods.join(', ')})`);
      // Stryker disable next-line StringLiteral: not shown: the Allow header of the wrong-method answer (405 unknown method, a failure the spec does not name)
      void reply.header('allow', methods.join(', '));
      // Stryker disable next-line StringLiteral: not shown: the code and message of the wrong-method answer (405 unknown method, a failure the spec does not name)
      return sendError(reply, new WebDriverError('unknown method', `${request.method} is not supported for ${path}; use ${methods.join(' or ')}`));
    }
    // Stryker disable next-line ConditionalExpression,EqualityOperator: operational record, the legacy hint only adds 'use …' to the log line; legacyHint(undefined) finds none
    const hint = relative === undefined ? undefined : legacyHint(relative);
    // Stryker disable next-line BooleanLiteral,ConditionalExpression,BlockStatement: equivalent, the <-- line still records a removed route with its method, path and 404, which is all DS-LEGACY-05 asks (a new line naming the path or a 404); the No route line is a second record
    if (!options.faults.has('unknown-command-not-logged')) {
      // Stryker disable next-line StringLiteral: equivalent, the <-- line still records a removed route with its method, path and 404, which is all DS-LEGACY-05 asks (a new line naming the path or a 404); the No route line is a second record
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

  // Stryker disable next-line ObjectLiteral: not shown: Fastify's defaults change only the body limit, trailing-slash matching, the answer to an undecodable URL (Limits; Errors: statuses), and the request deadlines and connection cap, which no check reaches (no check trickles a body or holds connections; hostile-clients.test.ts proves them); its logger is off by default
  const app = Fastify({
    // Stryker disable next-line BooleanLiteral: operational record, Fastify's own JSON log lines would join the server log
    logger: false,
    bodyLimit: BODY_LIMIT,
    ...serverLimitOptions(limits),
    clientErrorHandler: clientErrorHandler({ log: textClientFailureLog(log) }),
    // Stryker disable next-line ObjectLiteral,BooleanLiteral: not shown: the spec's paths carry no trailing slash and it says nothing of one
    routerOptions: { ignoreTrailingSlash: true },
    // A URL Fastify cannot decode still gets a W3C answer.
    // Stryker disable next-line BlockStatement: not shown: the spec names no outcome for a URL that cannot be decoded (Errors: statuses)
    frameworkErrors: (error, request, reply) => {
      // Stryker disable next-line StringLiteral: operational record, the log line of an undecodable URL
      log.info('HTTP', `${request.method} ${redactQuery(request.url)} refused: ${error.message}`);
      // Stryker disable next-line StringLiteral: not shown: the spec names no outcome for a URL that cannot be decoded (Errors: statuses)
      sendError(reply, new WebDriverError('invalid argument', error.message));
    },
  });
  limitConnections(app.server, limits);
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'string' }, parseJsonBody);
  const silent = faults.has('unknown-command-not-logged');
  // With the fault, both request lines wait for the answer, and an unknown command gets none.
  // Stryker disable next-line BlockStatement,BooleanLiteral,ConditionalExpression,StringLiteral: operational record, the --> request line; the No route line still records a removed route with its method, path and failure (DS-LEGACY-05); shares its line with a detected one (the hook name)
  app.addHook('onRequest', async (request) => { if (!silent) log.info('HTTP', `--> ${requestText(faults, request.method, request.url)}`); });
  // Stryker disable next-line BlockStatement: operational record, the request lines; the No route line still records a removed route with its method, path and failure (DS-LEGACY-05)
  app.addHook('onResponse', async (request, reply) => {
    // Stryker disable next-line ConditionalExpression,LogicalOperator,EqualityOperator: operational record, decides only whether the request lines are written (what differs with silent is fault switch only); the No route line still records a removed route with its method, path and failure (DS-LEGACY-05)
    if (silent && reply.statusCode === 404) return;
    // Stryker disable next-line ConditionalExpression,StringLiteral: operational record, the --> line written late (fault switch only, silent); the No route line still records a removed route with its method, path and failure (DS-LEGACY-05)
    if (silent) log.info('HTTP', `--> ${requestText(faults, request.method, request.url)}`);
    // Stryker disable next-line StringLiteral: operational record, the <-- request line; the No route line still records a removed route with its method, path and failure (DS-LEGACY-05)
    log.info('HTTP', `<-- ${requestText(faults, request.method, request.url)} ${reply.statusCode} ${Math.round(reply.elapsedTime)} ms`);
  });
  installErrorHandling(app, routes, options, prefix);

  // Readiness for the harness and container checks; outside the W3C routes.
  // Stryker disable next-line ArrowFunction,ObjectLiteral,StringLiteral: not shown: /healthz is the reference's own readiness route, outside the spec's endpoints; shares its line with a detected one (the path)
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
