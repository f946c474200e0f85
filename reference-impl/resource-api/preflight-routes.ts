// CORS preflight (OPTIONS) on the /v1 paths: 204 with what a browser may send. It
// authorizes nothing: no token is needed or looked at, no state is read or touched.
// The allowed origin is `*` (set with the common headers): the API is called with
// bearer tokens, never cookies, so no credentials mode is involved.
import type { FastifyInstance } from 'fastify';
import type { AppContext } from './app-context.ts';
import { authenticate } from './auth-hooks.ts';

const PREFLIGHTS: ReadonlyArray<readonly [string, string]> = [
  ['/v1/users/:user_id/preferences', 'GET, HEAD, PATCH, OPTIONS'],
  ['/v1/labels', 'POST, OPTIONS'],
  ['/v1/labels/:label_id', 'GET, HEAD, DELETE, OPTIONS'],
];

export const ALLOWED_REQUEST_HEADERS = 'Authorization, Content-Type, If-Match, Prefer, X-Request-Id';
export const PREFLIGHT_MAX_AGE_SECONDS = '600';

export function preflightRoutes(app: FastifyInstance, ctx: AppContext): void {
  const onRequest = ctx.has('preflight-requires-auth') ? [authenticate(ctx)] : [];
  for (const [url, methods] of PREFLIGHTS) {
    app.options(url, { onRequest }, async (_request, reply) => reply.code(204).headers({
      allow: methods,
      'access-control-allow-methods': methods,
      'access-control-allow-headers': ALLOWED_REQUEST_HEADERS,
      'access-control-max-age': PREFLIGHT_MAX_AGE_SECONDS,
    }).send());
  }
}
