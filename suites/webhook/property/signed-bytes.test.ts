// Authentication 1 as properties: the signature covers the exact bytes — any
// formatting signed as sent passes, any change after signing fails. Where a check signs
// one body and sends another, its transcript shows both (webhook-client.ts).
import fc from 'fast-check';
import { check } from '../../../harness/checks/check.ts';
import { assertProperty } from '../../../harness/checks/property.ts';
import { webhookClient } from '../../../harness/webhook/webhook-client.ts';
import { eventBytes, paymentEvent } from '../../../harness/webhook/payment-event.ts';
import { expectAcknowledged, expectRejected } from '../../../harness/webhook/expect-answer.ts';
import { formatJson } from '../../../harness/webhook/json-format.ts';
import { jsonStyle } from '../../../harness/webhook/arbitraries.ts';

check('WH-SIG-10', async (ctx) => {
  const client = webhookClient(ctx);
  await assertProperty(ctx, fc.asyncProperty(fc.nat(), fc.integer({ min: 1, max: 255 }), async (position, mask) => {
    const signed = eventBytes(paymentEvent());
    const body = Buffer.from(signed);
    const index = position % body.length;
    body[index] = (body[index] ?? 0) ^ mask;
    expectRejected(await client.deliver({ body, signedBody: signed }), 'invalid signature');
  }), { numRuns: 40 });
});

check('WH-SIG-11', async (ctx) => {
  const client = webhookClient(ctx);
  await assertProperty(ctx, fc.asyncProperty(jsonStyle(), async (style) => {
    const body = Buffer.from(formatJson(paymentEvent(), style), 'utf8');
    expectAcknowledged(await client.deliver({ body }));
  }), { numRuns: 40 });
});

check('WH-SIG-12', async (ctx) => {
  const client = webhookClient(ctx);
  await assertProperty(ctx, fc.asyncProperty(jsonStyle(), async (style) => {
    const event = paymentEvent();
    const signed = eventBytes(event);
    const reformatted = Buffer.from(formatJson(event, style), 'utf8');
    fc.pre(!reformatted.equals(signed));
    expectRejected(await client.deliver({ body: reformatted, signedBody: signed }), 'invalid signature');
  }), { numRuns: 40 });
});
