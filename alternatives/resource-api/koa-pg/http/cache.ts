// Every answer of the API is user-specific (204 rules 10): no cache may store it.
import type { Middleware } from 'koa';

export function noStore(): Middleware {
  return async (ctx, next) => {
    ctx.set('Cache-Control', 'no-store');
    await next();
  };
}
