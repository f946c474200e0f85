// Headers every response carries: X-Request-Id everywhere; on /v1 (user-specific
// data) no storage by shared caches, Vary: Authorization, and what a browser needs
// to read the response (CORS, with a wildcard origin: no cookies are ever used).
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from './app-context.ts';

export const EXPOSED_HEADERS = 'ETag, Location, Preference-Applied, X-Request-Id';

export function isV1Path(url: string): boolean {
  const path = url.split('?', 1)[0] ?? '';
  return path === '/v1' || path.startsWith('/v1/');
}

export function commonHeaders(ctx: AppContext, request: FastifyRequest): Record<string, string> {
  const headers: Record<string, string> = { 'x-request-id': request.id };
  if (!isV1Path(request.url)) return headers;
  headers['cache-control'] = ctx.has('public-caching') ? 'public, max-age=300' : 'private, no-store';
  headers['vary'] = 'Authorization';
  headers['access-control-allow-origin'] = '*';
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
