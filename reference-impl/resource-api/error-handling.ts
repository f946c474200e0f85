// No default Fastify error body ever leaves this service: thrown problems, Fastify's
// own body errors (413, 400, ...), unknown routes (404), known paths with another
// method (405), malformed URLs and malformed HTTP all answer application/problem+json.
import type { Socket } from 'node:net';
import { randomUUID } from 'node:crypto';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ProblemError, problemForStatus, rawProblemResponse, sendProblem } from './problem.ts';
import type { RouteShape } from './route-shapes.ts';
import { allowedMethods } from './route-shapes.ts';
import { StoreUnavailableError } from '../store/sql-store.ts';
import type { AppContext } from './app-context.ts';
import { clientErrorHandler as problemAnsweringHandler, isClientAbort, logClientFailure, type ClientFailureLog } from '../shared/client-errors.ts';

/** The problem an error answers with; 503 for the store, 500 only for a bug. */
export function problemFor(error: unknown): ProblemError {
  if (error instanceof ProblemError) return error;
  // Stryker disable next-line BlockStatement: not shown: which 5xx answers a failed commit (RA-DUR-02 asks only that it is no 2xx, RA-DUR-04 that it is a 5xx; without this branch it is 500)
  if (error instanceof StoreUnavailableError) {
    // Stryker disable next-line StringLiteral: not shown: which 5xx answers a failed commit (an unknown slug throws and Fastify answers 500) and the wording of detail
    return new ProblemError('store-unavailable', 'the store could not complete the request; nothing was changed by it',
      // Stryker disable next-line ObjectLiteral,StringLiteral: not in the spec: Retry-After on a failed commit (a header name Node refuses still ends in Fastify's 500, a 5xx)
      { 'retry-after': '1' });
  }
  const status = (error as FastifyError).statusCode;
  // Stryker disable next-line LogicalOperator: equivalent: for the errors that reach this test (a framework 4xx, else a bug) the regrouped test gives the same result
  if (typeof status === 'number' && status >= 400 && status < 500) {
    // Stryker disable next-line LogicalOperator,StringLiteral: not shown: which 4xx a framework error gets (400 bad-request is still a 4xx); the fallback never runs, every status Fastify raises here (400, 413, 414) is in PROBLEM_TYPES
    return problemForStatus(status, (error as Error).message) ?? new ProblemError('bad-request', (error as Error).message);
  }
  // Stryker disable next-line StringLiteral: reachable only through a bug of the reference, and a 500 either way (an unknown slug throws, Fastify answers 500); the wording of detail is free
  return new ProblemError('internal-error', 'an unexpected error occurred; the request id identifies it in the logs');
}

// Stryker disable next-line BlockStatement: not shown: Fastify's default handler keeps each problem's status and headers (it reads error.status, error.headers) and answers a store failure 500; only the error body's shape and 405/Allow change
export function installErrorHandling(app: FastifyInstance, shapes: readonly RouteShape[], ctx: Pick<AppContext, 'has'>): void {
  app.setErrorHandler((error: unknown, request: FastifyRequest, reply: FastifyReply) => {
    // A client gone mid-body is one info line; the answer goes nowhere.
    if (isClientAbort(error, request, (failure, facts) => logClientFailure(request.log, failure, facts))) return reply.code(400).send();
    // Stryker disable next-line all: fault switch only: reachable with failed-commit-409 on (→ false, the names emptied and the emptied detail change nothing, the switch being off); the directive also hides the detected → true of the whole test, which answers every error 409 (RA-AUTH-01 sees no 401, RA-INPUT-03 no 400 or 422), and || for &&, which answers a failed commit 409 (RA-DUR-04, SHOULD, sees no 5xx)
    if (error instanceof StoreUnavailableError && ctx.has('failed-commit-409')) return sendProblem(reply, new ProblemError('conflict', 'the request could not be completed'));
    const problem = ctx.has('oversize-body-500') && (error as FastifyError).code === 'FST_ERR_CTP_BODY_TOO_LARGE'
      ? problemFor(new Error('body too large')) : problemFor(error);
    // Stryker disable next-line all: operational record: a log line, not in the spec
    if (problem.status >= 500) request.log.error({ err: error }, 'request failed');
    return sendProblem(reply, problem);
  });
  // Stryker disable all: not shown: answers to paths and methods outside the spec's endpoint table (405 with Allow, 404 for an unknown path)
  app.setNotFoundHandler((request, reply) => {
    const methods = allowedMethods(shapes, request.url);
    if (methods) {
      return sendProblem(reply, new ProblemError('method-not-allowed',
        `${request.method} is not supported on this path; allowed: ${methods.join(', ')}`, { allow: methods.join(', ') }));
    }
    return sendProblem(reply, new ProblemError('not-found', 'no resource at this path'));
  });
}
// Stryker restore all

/** Fastify option frameworkErrors: errors of the router (malformed URL, over-long parameter). */
// Stryker disable next-line BlockStatement: equivalent for a client: without the option Fastify answers the same statuses (400 malformed URL, 414 parameter over 100 chars); only the body's shape and optional metadata headers differ
export function frameworkErrors(headersFor: (request: FastifyRequest) => Record<string, string>, ctx: Pick<AppContext, 'has'>) {
  // No route matched, so no onSend hook runs: the common headers are added here.
  return (error: FastifyError, request: FastifyRequest, reply: FastifyReply): void => {
    void sendProblem(reply.headers(headersFor(request)), problemFor(ctx.has('router-errors-500') ? new Error('router error') : error));
  };
}

// Stryker disable all: not in the spec: answers to bytes the HTTP parser rejects (malformed HTTP, a header section over Node's limit, a request timeout) reach no endpoint
/** The problem a client failure Node reports on the connection is answered with. */
function clientProblem(status: number): ProblemError {
  if (status === 431) return new ProblemError('header-fields-too-large', 'the request header section is too large');
  if (status === 408) return new ProblemError('request-timeout', 'the request was not received in time; send it again, without pauses');
  return new ProblemError('bad-request', 'the request is not valid HTTP/1.1');
}

/**
 * Fastify option clientErrorHandler: HTTP the parser rejects, or a request past its
 * deadline (server-limits.ts), answered on the raw socket as a problem, logged as one
 * line, then the connection is closed.
 */
export function clientErrorHandler(log: ClientFailureLog): (error: Error & { code?: string }, socket: Socket) => void {
  return problemAnsweringHandler({ log, answer: (status) => rawProblemResponse(clientProblem(status), randomUUID()) });
}
// Stryker restore all

// Stryker disable all: fault switch only: this hook is installed only with empty-error-bodies on (app.ts)
/** onSend hook of the fault empty-error-bodies: errors of the 204 endpoints lose their content. */
export async function stripErrorBodies<P>(request: FastifyRequest, reply: FastifyReply, payload: P): Promise<P | string> {
  if (reply.statusCode < 400 || (request.method !== 'PATCH' && request.method !== 'DELETE')) return payload;
  reply.removeHeader('content-type');
  return '';
}
