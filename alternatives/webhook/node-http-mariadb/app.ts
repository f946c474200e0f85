// The request listener: a hand-written router over Node's http module.
import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import { handleProbe } from './probe.ts';
import { receiveDelivery } from './receive.ts';
import { sendJson } from './respond.ts';
import type { Db } from './store.ts';

export interface AppOptions {
  readonly db: Db;
  readonly secret: string;
  readonly probe: boolean;
}

const DELIVERY_PATH = '/webhooks/payments';

async function route(options: AppOptions, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const method = req.method ?? 'GET';
  const path = (req.url ?? '/').split('?')[0] ?? '/';
  if (path === DELIVERY_PATH) {
    if (method === 'POST') await receiveDelivery(options.db, options.secret, req, res);
    else sendJson(res, 405, { error: 'method not allowed' }, { allow: 'POST' });
    return;
  }
  if (options.probe && path.startsWith('/__probe/') && (await handleProbe(options.db, method, path, res))) return;
  sendJson(res, 404, { error: 'not found' });
}

export function createListener(options: AppOptions): RequestListener {
  return (req, res) => {
    route(options, req, res).catch((err: unknown) => {
      console.error(`node-http-mariadb: ${err instanceof Error ? err.message.slice(0, 200) : 'unknown error'}`);
      if (!res.headersSent) sendJson(res, 500, { error: 'internal error' });
      else res.destroy();
    });
  };
}
