// Sender: cap reached — the exhausted delivery is visible to an operator for replay:
// written to the dead-letter file with its exact bytes and attempts (never the secret
// or a signature), listed from it, replayed from it.
import { readFileSync } from 'node:fs';
import nock from 'nock';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import { check } from '../../../harness/checks/check.ts';
import { formatJson } from '../../../harness/webhook/json-format.ts';
import { paymentEvent } from '../../../harness/webhook/payment-event.ts';
import { signatureOf } from '../../../harness/webhook/sign.ts';
import { entryBody } from '../../../harness/webhook/sender/dead-letter-entry.ts';
import { DeadLetterStore } from '../../../harness/webhook/sender/dead-letter-store.ts';
import { replayEntry } from '../../../harness/webhook/sender/replay.ts';
import { deadLetterFile, sendToSimulated, senderOptions, virtualTime } from './testing/sender-under-test.ts';
import { webhookTarget } from '../../../harness/webhook/webhook-target.ts';
import { RECEIVER_URL, simulateReceiver } from './testing/simulated-receiver.ts';

beforeAll(() => nock.disableNetConnect());
afterEach(() => nock.cleanAll());
afterAll(() => {
  nock.enableNetConnect();
  nock.restore();
});

check('WH-SEND-10', async (ctx) => {
  const secret = webhookTarget(ctx).secret;
  const event = paymentEvent();
  // Pretty-printed, as an operator's event file often is: the exact bytes must survive.
  const body = Buffer.from(formatJson(event, { whitespace: ['\n  ', ' '], reverseDepths: [], escape: () => false }), 'utf8');
  const file = deadLetterFile(ctx);
  const delivery = await sendToSimulated(ctx, [503], { body, deadLetterFile: file });
  expect(delivery.result.outcome).toBe('exhausted');
  expect(delivery.result.deadLetter, 'an exhausted delivery must be written to the dead-letter file').toBeDefined();

  // 1. The file: one entry with the exact bytes, the attempts — and no secret, no signature.
  const text = readFileSync(file, 'utf8');
  for (const signature of new Set(delivery.received.map((r) => String(r.headers['x-webhook-signature'])))) {
    expect(text.includes(signature) || text.toLowerCase().includes(signature.toLowerCase()), 'the dead-letter file must not hold a signature').toBe(false);
  }
  expect(text.includes(secret), 'the dead-letter file must not hold the secret').toBe(false);
  expect(text.toLowerCase().includes('x-webhook-signature'), 'the dead-letter file must not hold the signature header').toBe(false);

  // 2. Listed: the operator sees the delivery, its event and its attempts.
  const store = new DeadLetterStore(file);
  const { entries, corrupt } = await store.list();
  expect(corrupt).toEqual([]);
  const entry = entries.find((e) => e.deliveryId === delivery.result.deadLetter?.deliveryId);
  expect(entry, `the listing must hold ${delivery.result.deadLetter?.deliveryId}`).toBeDefined();
  if (!entry) return;
  expect(entryBody(entry).equals(body), 'the entry must hold the exact body bytes').toBe(true);
  expect(entry.eventId).toBe(event.id);
  expect(entry.url).toBe(RECEIVER_URL);
  expect(entry.attempts.map((a) => a.status)).toEqual([503, 503, 503, 503]);
  expect(Number.isNaN(Date.parse(entry.exhaustedAt)), 'exhaustedAt must be a timestamp').toBe(false);

  // 3. Replayed: the same bytes, signed again, delivered; the entry leaves the file.
  const time = virtualTime();
  const receiver = simulateReceiver([202], time.now);
  try {
    const { url: _url, body: _body, deadLetterFile: _file, ...options } = senderOptions(ctx, time, { body });
    const { result, removed } = await replayEntry(store, entry, options);
    expect(result.outcome, 'the replay must deliver').toBe('delivered');
    const replayed = receiver.received[0];
    expect(replayed?.body.equals(body), 'the replay must send the exact bytes of the original').toBe(true);
    expect(replayed?.headers['x-webhook-signature'], 'the replay must be signed over those bytes').toBe(signatureOf(secret, body));
    expect(removed, 'a delivered replay removes its entry').toBe(true);
  } finally {
    receiver.close();
  }
  expect((await store.list()).entries.some((e) => e.deliveryId === entry.deliveryId), 'the replayed entry must be gone from the file').toBe(false);
});
