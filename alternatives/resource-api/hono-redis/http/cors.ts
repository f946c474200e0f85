// CORS for browser clients (204 rules 12) with Hono's cors middleware: any origin
// (Access-Control-Allow-Origin: *, no credentials mode: the API reads a bearer
// token, not cookies); every OPTIONS is answered 204 by the middleware, before
// authentication, and authorizes nothing. ETag is the one header a script must read.
import { cors } from 'hono/cors';

export const browserAccess = cors({
  origin: '*',
  allowMethods: ['GET', 'HEAD', 'PATCH', 'POST', 'DELETE'],
  allowHeaders: ['Authorization', 'Content-Type', 'If-Match'],
  exposeHeaders: ['ETag'],
  maxAge: 600,
});
