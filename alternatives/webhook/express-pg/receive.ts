// POST /webhooks/payments: the processing order of the spec, step by step.
import type { Request, Response } from 'express';
import { asEvent, parseJson } from './event.ts';
import type { FailSwitch } from './fail-switch.ts';
import { recordOnce } from './records.ts';
import { signatureMatches } from './signature.ts';
import type { Store } from './store.ts';

const EMPTY = Buffer.alloc(0);

export function receiveHandler(store: Store, secret: string, failSwitch: FailSwitch) {
  return async (req: Request, res: Response): Promise<void> => {
    // express.raw only reads bodies of type application/json; with any other type the
    // body stays unread and counts as empty (Request headers: Content-Type).
    const body = Buffer.isBuffer(req.body) ? req.body : EMPTY;
    if (!signatureMatches(secret, body, req.get('x-webhook-signature'))) {
      res.status(401).json({ error: 'invalid signature' });
      return;
    }
    const parsed = parseJson(body);
    if (!parsed.ok) {
      res.status(400).json({ error: 'invalid JSON' });
      return;
    }
    const event = asEvent(parsed.value);
    if (event === undefined) {
      res.status(422).json({ error: 'unsupported event' });
      return;
    }
    try {
      await recordOnce(store, failSwitch, event, body);
    } catch (err) {
      // Never the payload or the headers: the error's class and message only.
      console.error(`express-pg: recording failed: ${err instanceof Error ? `${err.name}: ${err.message}` : 'unknown error'}`);
      res.status(503).json({ error: 'storage unavailable' });
      return;
    }
    res.status(202).json({ received: true });
  };
}
