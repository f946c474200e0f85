// POST /webhooks/payments, in the spec's processing order: authenticate the raw bytes,
// parse, validate, record once, acknowledge.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { readBody } from './body.ts';
import { parseBody, toEvent } from './event.ts';
import { isJsonMediaType } from './media-type.ts';
import { recordEvent } from './records.ts';
import { sendJson } from './respond.ts';
import { verifySignature } from './signature.ts';
import type { Db } from './store.ts';

/** 256 KiB (Limits: request body size). */
export const BODY_LIMIT = 256 * 1024;

export async function receiveDelivery(db: Db, secret: string, req: IncomingMessage, res: ServerResponse): Promise<void> {
  // Another media type: the body counts as empty, so there is nothing to authenticate
  // and the delivery fails authentication. The body is not read (Node discards it).
  if (!isJsonMediaType(req.headers['content-type'])) {
    sendJson(res, 401, { error: 'invalid signature' });
    return;
  }
  const body = await readBody(req, BODY_LIMIT);
  if (body.kind === 'aborted') return; // the client is gone: nobody to answer
  if (body.kind === 'too-large') {
    sendJson(res, 413, { error: `request body exceeds ${BODY_LIMIT} bytes` });
    return;
  }
  if (!verifySignature(secret, body.bytes, req.headers['x-webhook-signature'])) {
    sendJson(res, 401, { error: 'invalid signature' });
    return;
  }
  const json = parseBody(body.bytes);
  if (!json.parsed) {
    sendJson(res, 400, { error: 'invalid JSON' });
    return;
  }
  const event = toEvent(json.value);
  if (event === null) {
    sendJson(res, 422, { error: 'unsupported event' });
    return;
  }
  try {
    await recordEvent(db, event, body.bytes);
  } catch (err) {
    // The event id is the safe correlation identifier once validated; never the payload.
    console.error(`node-http-mariadb: could not record an event: ${err instanceof Error ? err.message.slice(0, 200) : 'unknown error'}`);
    sendJson(res, 503, { error: 'try again later' }, { 'retry-after': '1' });
    return;
  }
  sendJson(res, 202, { received: true });
}
