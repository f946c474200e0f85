// Authentication 1 from the sender's side: it signs the exact bytes it sends, with
// Content-Type application/json — and a retry is the same delivery, byte for byte.
import fc from 'fast-check';
import nock from 'nock';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import { check } from '../../../harness/checks/check.ts';
import { assertProperty } from '../../../harness/checks/property.ts';
import { jsonStyle } from '../../../harness/webhook/arbitraries.ts';
import { formatJson } from '../../../harness/webhook/json-format.ts';
import { paymentEvent } from '../../../harness/webhook/payment-event.ts';
import { signatureOf } from '../../../harness/webhook/sign.ts';
import { sendToSimulated } from './testing/sender-under-test.ts';
import { webhookTarget } from '../../../harness/webhook/webhook-target.ts';
import type { ReceivedRequest } from './testing/simulated-receiver.ts';

beforeAll(() => nock.disableNetConnect());
afterEach(() => nock.cleanAll());
afterAll(() => {
  nock.enableNetConnect();
  nock.restore();
});

const PRETTY = { whitespace: ['\n  ', ' ', '\n'], reverseDepths: [], escape: () => false };

check('WH-SEND-11', async (ctx) => {
  // A body as an event file often is — pretty-printed: re-serializing it would change its bytes.
  const body = Buffer.from(formatJson(paymentEvent({ data: { paymentId: 'pay_ü', amount: 1250, currency: 'EUR', customerReference: 'Zoë ✓' } }), PRETTY), 'utf8');
  const { received } = await sendToSimulated(ctx, [503, 503, 503, 202], { body });
  expect(received.length).toBe(4);
  received.forEach((request, i) => {
    expect(request.body.equals(body), `attempt ${i + 1} must send the body bytes of attempt 1 (got ${request.body.length} bytes, sent ${body.length})`).toBe(true);
    expect(request.headers['x-webhook-signature'], `attempt ${i + 1} must carry the signature of attempt 1`).toBe(received[0]?.headers['x-webhook-signature']);
  });
});

function expectSignedAsSent(request: ReceivedRequest, secret: string, body: Buffer, attempt: number): void {
  expect(request.body.equals(body), `attempt ${attempt}: the body received must be the bytes given to the sender`).toBe(true);
  expect(String(request.headers['content-type']), `attempt ${attempt}: Content-Type`).toMatch(/^application\/json\b/i);
  const signature = String(request.headers['x-webhook-signature']);
  expect(signature, `attempt ${attempt}: x-webhook-signature must be 64 hex characters`).toMatch(/^[0-9a-fA-F]{64}$/);
  expect(signature.toLowerCase(), `attempt ${attempt}: the signature must be HMAC-SHA256 of the exact bytes received`).toBe(signatureOf(secret, request.body));
}

check('WH-SEND-12', async (ctx) => {
  const secret = webhookTarget(ctx).secret;
  await assertProperty(ctx, fc.asyncProperty(jsonStyle(), fc.string({ maxLength: 12 }), async (style, reference) => {
    const event = paymentEvent({ data: { paymentId: 'pay_x', amount: 1, currency: 'EUR', customerReference: reference } });
    const body = Buffer.from(formatJson(event, style), 'utf8');
    const { received } = await sendToSimulated(ctx, [503, 202], { body });
    expect(received.length).toBe(2);
    received.forEach((request, i) => expectSignedAsSent(request, secret, body, i + 1));
  }), { numRuns: 40 });
});
