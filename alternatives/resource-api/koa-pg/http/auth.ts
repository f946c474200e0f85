// Authentication: "Authorization: Bearer <token>", the token one of API_TOKENS.
// Anything else — no header, another scheme, no token, extra text, an unknown token —
// is a 401 with a Bearer challenge before anything is read or changed. Tokens are
// compared by their SHA-256 digest and never logged.
import type { Middleware } from 'koa';
import { tokenDigest } from '../config.ts';
import { ApiError } from './errors.ts';

// RFC 9110 §11.4 credentials: the scheme (case-insensitive), one or more spaces, a token68.
const BEARER = /^Bearer +([A-Za-z0-9\-._~+/]+=*)$/i;

export interface AuthState {
  userId: string;
}

export function authenticate(tokenDigests: ReadonlyMap<string, string>): Middleware<AuthState> {
  return async (ctx, next) => {
    const match = BEARER.exec(ctx.get('Authorization'));
    const userId = match?.[1] === undefined ? undefined : tokenDigests.get(tokenDigest(match[1]));
    if (userId === undefined) {
      // RFC 6750 §3 (the Bearer scheme the spec names) and RFC 9110 §15.5.2: a 401
      // carries a challenge; error="invalid_token" once credentials were sent.
      ctx.set('WWW-Authenticate', ctx.get('Authorization') === '' ? 'Bearer' : 'Bearer error="invalid_token"');
      throw new ApiError(401, 'a valid bearer token is required');
    }
    ctx.state.userId = userId;
    await next();
  };
}
