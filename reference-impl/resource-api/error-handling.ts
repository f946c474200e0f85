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
  if (error instanceof StoreUnavailableError) {
    return new ProblemError('store-unavailable', 'the store could not complete the request; nothing was changed by it',
      { 'retry-after': '1' });
  }
  const status = (error as FastifyError).statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500) {
    return problemForStatus(status, (error as Error).message) ?? new ProblemError('bad-request', (error as Error).message);
  }
  return new ProblemError('internal-error', 'an unexpected error occurred; the request id identifies it in the logs');
}

export function installErrorHandling(app: FastifyInstance, shapes: readonly RouteShape[], ctx: Pick<AppContext, 'has'>): void {
  app.setErrorHandler((error: unknown, request: FastifyRequest, reply: FastifyReply) => {
    // A client gone mid-body is one info line; the answer goes nowhere.
    if (isClientAbort(error, request, (failure, facts) => logClientFailure(request.log, failure, facts))) return reply.code(400).send();
    if (error instanceof StoreUnavailableError && ctx.has('failed-commit-409')) return sendProblem(reply, new ProblemError('conflict', 'the request could not be completed'));
    const problem = ctx.has('oversize-body-500') && (error as FastifyError).code === 'FST_ERR_CTP_BODY_TOO_LARGE'
      ? problemFor(new Error('body too large')) : problemFor(error);
    if (problem.status >= 500) request.log.error({ err: error }, 'request failed');
    return sendProblem(reply, problem);
  });
  app.setNotFoundHandler((request, reply) => {
    const methods = allowedMethods(shapes, request.url);
    if (methods) {
      return sendProblem(reply, new ProblemError('method-not-allowed',
        `${request.method} is not supported on this path; allowed: ${methods.join(', ')}`, { allow: methods.join(', ') }));
    }
    return sendProblem(reply, new ProblemError('not-found', 'no resource at this path'));
  });
}

/** Fastify option frameworkErrors: errors of the router (malformed URL, over-long parameter). */
export function frameworkErrors(headersFor: (request: FastifyRequest) => Record<string, string>, ctx: Pick<AppContext, 'has'>) {
  // No route matched, so no onSend hook runs: the common headers are added here.
  return (error: FastifyError, request: FastifyRequest, reply: FastifyReply): void => {
    void sendProblem(reply.headers(headersFor(request)), problemFor(ctx.has('router-errors-500') ? new Error('router error') : error));
  };
}

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

/** onSend hook of the fault empty-error-bodies: errors of the 204 endpoints lose their content. */
export async function stripErrorBodies<P>(request: FastifyRequest, reply: FastifyReply, payload: P): Promise<P | string> {
  if (reply.statusCode < 400 || (request.method !== 'PATCH' && request.method !== 'DELETE')) return payload;
  reply.removeHeader('content-type');
  return '';
}
