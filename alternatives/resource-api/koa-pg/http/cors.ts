// CORS for browser clients (204 rules 12). The allowed origin is the request's own
// (echoed, with Vary: Origin); no credentials mode is needed since the API reads a
// bearer token, not cookies. A preflight is answered 200 with no content before any
// authentication and authorizes nothing. A browser script may read ETag and
// Preference-Applied; Location (sent on 201) is standard and the id is in the body.
import type { Middleware } from 'koa';

const METHODS = 'GET, HEAD, PATCH, POST, DELETE';
const REQUEST_HEADERS = 'Authorization, Content-Type, If-Match, Prefer';
const EXPOSED = 'ETag, Preference-Applied';

export function cors(): Middleware {
  return async (ctx, next) => {
    const origin = ctx.get('Origin');
    if (origin === '') return next();
    ctx.vary('Origin');
    ctx.set('Access-Control-Allow-Origin', origin);
    if (ctx.method === 'OPTIONS' && ctx.get('Access-Control-Request-Method') !== '') {
      ctx.set('Access-Control-Allow-Methods', METHODS);
      ctx.set('Access-Control-Allow-Headers', REQUEST_HEADERS);
      ctx.set('Access-Control-Max-Age', '600');
      ctx.status = 200;
      ctx.body = '';
      return;
    }
    ctx.set('Access-Control-Expose-Headers', EXPOSED);
    await next();
  };
}
