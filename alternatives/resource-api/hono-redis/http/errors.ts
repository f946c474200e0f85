// Error answers are plain text (204 rules 5: they keep their bodies): Hono's
// HTTPException with a message, its own 404 for unknown routes, a 503 when a write
// was not applied, a 500 for anything unexpected.
import type { ErrorHandler } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { StoreUnavailableError } from '../store/commit-switch.ts';

export function refuse(status: ContentfulStatusCode, message: string): never {
  throw new HTTPException(status, { message });
}

export const onError: ErrorHandler = (error, c) => {
  if (error instanceof HTTPException) return error.getResponse();
  if (error instanceof StoreUnavailableError) {
    console.error(`hono-redis: ${c.req.method} ${c.req.path}: ${error.message}`);
    return c.text('The change could not be stored; nothing was changed.', 503);
  }
  console.error(`hono-redis: ${c.req.method} ${c.req.path}: ${error.message}`);
  return c.text('Internal Server Error', 500);
};
