// Headers every response carries: X-Request-Id everywhere; on /v1 (user-specific
// data) no storage by shared caches, Vary: Authorization, and what a browser needs
// to read the response (CORS, with a wildcard origin: no cookies are ever used).
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from './app-context.ts';

export const EXPOSED_HEADERS = 'ETag, Location, Preference-Applied, X-Request-Id';

export function isV1Path(url: string): boolean {
  // Stryker disable next-line StringLiteral: equivalent: split gives one item at least, so the default is never used (also skips the killed split('') mutant: no answer gets the /v1 headers)
  const path = url.split('?', 1)[0] ?? '';
  // Stryker disable next-line ConditionalExpression,EqualityOperator,StringLiteral: not shown: this only changes which answers outside the /v1 endpoints (health, probe, unknown paths, the bare /v1) carry the /v1 headers; rules 10 and 12 concern the /v1 endpoints (also skips the killed whole-test 'false' mutant: no answer gets them)
  return path === '/v1' || path.startsWith('/v1/');
}

export function commonHeaders(ctx: AppContext, request: FastifyRequest): Record<string, string> {
  // Stryker disable next-line ObjectLiteral: not shown: a request identifier may appear (204 rules 3), none is required
  const headers: Record<string, string> = { 'x-request-id': request.id };
  // Stryker disable next-line ConditionalExpression: not shown: this only changes which answers outside the /v1 endpoints (health, probe, unknown paths, the bare /v1) carry the /v1 headers; rules 10 and 12 concern the /v1 endpoints (also skips the killed 'true' mutant: no answer gets them)
  if (!isV1Path(request.url)) return headers;
  headers['cache-control'] = ctx.has('public-caching') ? 'public, max-age=300' : 'private, no-store';
  // Stryker disable next-line StringLiteral: not required: with Cache-Control private, no-store no cache stores the answer, so Vary changes nothing for rule 10 (also skips the killed '' header-name mutant, which fails every /v1 answer)
  headers['vary'] = 'Authorization';
  headers['access-control-allow-origin'] = '*';
  // Stryker disable next-line ConditionalExpression,StringLiteral: fault switch only: cors-expose-missing is off in every conformance run, so the test holds ('true') and ctx.has('') is false as it is (also skips the killed 'false' mutant, that fault forced on and proved by the self-test, and the killed '' header-name mutant, which fails every /v1 answer)
  if (!ctx.has('cors-expose-missing')) headers['access-control-expose-headers'] = EXPOSED_HEADERS;
  return headers;
}

/** onSend hook: adds the common headers to every reply Fastify sends. */
export function addCommonHeaders(ctx: AppContext) {
  return async <P>(request: FastifyRequest, reply: FastifyReply, payload: P): Promise<P> => {
    reply.headers(commonHeaders(ctx, request));
    return payload;
  };
}
