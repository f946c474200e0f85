// The Express application: the delivery route, the probe API when enabled, and an
// error handler for what the body parser refuses. Listening is server.ts's job.
import express from 'express';
import type { NextFunction, Request, Response } from 'express';
import { FailSwitch } from './fail-switch.ts';
import { probeRouter } from './probe.ts';
import { receiveHandler } from './receive.ts';
import type { Store } from './store.ts';

export interface AppOptions {
  readonly store: Store;
  readonly secret: string;
  readonly probe: boolean;
}

/** Request body size limit: 256 KiB (Limits). Express's own default is 100 kb. */
const BODY_LIMIT = '256kb';

function errorHandler(err: unknown, _req: Request, res: Response, next: NextFunction): void {
  if (res.headersSent) {
    next(err);
    return;
  }
  const status = (err as { status?: unknown } | null)?.status;
  if (typeof status === 'number' && status >= 400 && status < 500) {
    // The body parser's refusals: 413 over the limit, 400 for an aborted body.
    // Express's plain-text status line is the body.
    res.sendStatus(status);
    return;
  }
  console.error(`express-pg: ${err instanceof Error ? `${err.name}: ${err.message}` : 'unknown error'}`);
  res.sendStatus(500);
}

/**
 * The signature covers the bytes as received (Authentication 1), so a Content-Encoding
 * is not undone before verification: the body parser is shown none and reads the bytes
 * as they are (a compressed body then fails the signature or, signed as sent, is not JSON).
 */
function bytesAsReceived(req: Request, _res: Response, next: NextFunction): void {
  delete req.headers['content-encoding'];
  next();
}

export function buildApp(options: AppOptions): express.Express {
  const app = express();
  const failSwitch = new FailSwitch();
  const rawJson = express.raw({ type: 'application/json', limit: BODY_LIMIT });
  app.post('/webhooks/payments', bytesAsReceived, rawJson, receiveHandler(options.store, options.secret, failSwitch));
  if (options.probe) app.use('/__probe', probeRouter(options.store, failSwitch));
  app.use(errorHandler);
  return app;
}
