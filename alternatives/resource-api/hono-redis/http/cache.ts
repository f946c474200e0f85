// Every answer of the API is user-specific (204 rules 10): only the user's own
// (private) cache may keep it, and must revalidate it before use.
import type { MiddlewareHandler } from 'hono';

export const privateAnswers: MiddlewareHandler = async (c, next) => {
  await next();
  c.header('Cache-Control', 'private, no-cache');
};
