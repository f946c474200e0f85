// Authentication: "Authorization: Bearer <token>", the token one of API_TOKENS.
// Anything else is a 401 with a Bearer challenge (RFC 6750 §3) before anything is read
// or changed. Hono's bearerAuth answers a malformed header with 400, where the spec
// says 401, so this is a middleware of its own. Tokens are compared by their SHA-256
// digest and never logged.
import type { MiddlewareHandler } from 'hono';
import { tokenDigest } from '../config.ts';
import type { ApiEnv } from './env.ts';

const BEARER = /^Bearer +([A-Za-z0-9\-._~+/]+=*)$/i;
const REALM = 'Bearer realm="resource-api"';

export function authenticate(tokenDigests: ReadonlyMap<string, string>): MiddlewareHandler<ApiEnv> {
  return async (c, next) => {
    const header = c.req.header('Authorization');
    const token = header === undefined ? undefined : BEARER.exec(header)?.[1];
    const userId = token === undefined ? undefined : tokenDigests.get(tokenDigest(token));
    if (userId === undefined) {
      const challenge = header === undefined ? REALM : `${REALM}, error="invalid_token"`;
      return c.text('Unauthorized', 401, { 'WWW-Authenticate': challenge });
    }
    c.set('userId', userId);
    await next();
  };
}
