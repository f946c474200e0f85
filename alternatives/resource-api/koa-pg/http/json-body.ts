// JSON request bodies. Only application/json is taken (type and subtype in any letter
// case, parameters allowed): anything else, or a body without Content-Type, is a 415
// before the body is read; no body at all is a 400. @koa/bodyparser then parses with its defaults (1 MB limit
// → 413; invalid JSON → 400; bytes that are not UTF-8 decoded as U+FFFD). A body that
// parses but has the wrong shape is a 422.
import { bodyParser } from '@koa/bodyparser';
import type { Middleware } from 'koa';
import { ApiError } from './errors.ts';

export function requireJson(): Middleware {
  return async (ctx, next) => {
    const hasBody = ctx.request.length !== undefined || ctx.get('Transfer-Encoding') !== '';
    if (!hasBody) throw new ApiError(400, 'a JSON body is required');
    if (ctx.is('application/json') !== 'application/json') throw new ApiError(415, 'the body must be application/json');
    await next();
  };
}

/**
 * A body that cannot be read as JSON is the client's fault: the parser's own 4xx
 * (400 invalid JSON, 413 too large, 415 unknown Content-Encoding) stand; anything
 * else it throws (a gzip body that does not inflate, a length that does not match)
 * is a 400, never a 5xx.
 */
function bodyError(error: Error): Error {
  const status = (error as { status?: unknown }).status;
  if (typeof status === 'number' && status >= 400 && status < 500) return error;
  return new ApiError(400, 'the body could not be read');
}

export const parseJson: Middleware = bodyParser({
  enableTypes: ['json'],
  onError: (error) => {
    throw bodyError(error);
  },
});

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** {"weeklyDigest": boolean}; other fields are ignored. */
export function preferencesPatch(body: unknown): { weeklyDigest: boolean } {
  if (!isPlainObject(body) || typeof body['weeklyDigest'] !== 'boolean') throw new ApiError(422, 'weeklyDigest must be a boolean');
  return { weeklyDigest: body['weeklyDigest'] };
}

/** {"name": a non-empty string of at most 200 characters}. */
export function labelInput(body: unknown): { name: string } {
  const name = isPlainObject(body) ? body['name'] : undefined;
  if (typeof name !== 'string' || name.trim() === '' || name.length > 200) throw new ApiError(422, 'name must be a non-empty string of at most 200 characters');
  // PostgreSQL text cannot hold U+0000.
  if (name.includes('\u0000')) throw new ApiError(422, 'name must not contain U+0000');
  return { name };
}
