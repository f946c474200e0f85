// Error answers: every one carries a JSON body {"message": "..."} (204 rules 5: error
// responses keep their bodies). Errors raised by Koa's own parts (the body parser's
// 400 and 413, the router's 405) get the same shape; a failed commit is a 503.
import { STATUS_CODES } from 'node:http';
import type { Middleware } from 'koa';
import { StoreUnavailableError } from '../store/commit-switch.ts';

export class ApiError extends Error {
  constructor(readonly status: number, message: string) {
    super(message);
    this.name = 'ApiError';
  }
}

function statusOf(error: unknown): number | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const status = (error as { status?: unknown; statusCode?: unknown }).status ?? (error as { statusCode?: unknown }).statusCode;
  return typeof status === 'number' && status >= 400 && status <= 599 ? status : undefined;
}

function clientMessage(error: unknown, status: number): string {
  if (error instanceof ApiError) return error.message;
  if (error instanceof SyntaxError) return 'the body is not valid JSON';
  if (status === 413) return 'the body is too large';
  return STATUS_CODES[status] ?? 'request refused';
}

export function errorBodies(): Middleware {
  return async (ctx, next) => {
    try {
      await next();
      // Statuses Koa or the router set without content (404 of no route, 405). Koa
      // turns a status it chose itself into 200 when a body is set, so it is set again.
      const status = ctx.status;
      if (status >= 400 && ctx.body == null) {
        ctx.body = { message: STATUS_CODES[status] ?? 'error' };
        ctx.status = status;
      }
    } catch (error) {
      const status = statusOf(error);
      if (error instanceof StoreUnavailableError) {
        console.error(`koa-pg: ${ctx.method} ${ctx.path}: ${error.message}`);
        ctx.status = 503;
        ctx.body = { message: 'the change could not be stored; nothing was changed' };
      } else if (status !== undefined && status < 500) {
        ctx.status = status;
        ctx.body = { message: clientMessage(error, status) };
      } else {
        console.error(`koa-pg: ${ctx.method} ${ctx.path}: ${error instanceof Error ? error.message : String(error)}`);
        ctx.status = 500;
        ctx.body = { message: 'internal error' };
      }
    }
  };
}
