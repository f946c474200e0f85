// Processing order 4 and 5: record once, acknowledge with 202 — also a duplicate.
import { expect } from 'vitest';
import { check } from '../../../harness/checks/check.ts';
import { webhookClient } from '../../../harness/webhook/webhook-client.ts';
import { eventBytes, paymentEvent, type PaymentEvent } from '../../../harness/webhook/payment-event.ts';
import { describeAnswer, expectAcknowledged } from '../../../harness/webhook/expect-answer.ts';
import { recordCount } from '../../../harness/webhook/webhook-probe.ts';
import { expectNoRecord } from '../../../harness/webhook/expect-no-record.ts';

/** A valid event whose compact JSON is exactly `size` bytes (padding in customerReference). */
function eventOfSize(size: number): { event: PaymentEvent; body: Buffer } {
  const event = paymentEvent();
  const base = eventBytes({ ...event, data: { ...event.data, customerReference: '' } }).length;
  const padded = { ...event, data: { ...event.data, customerReference: 'x'.repeat(size - base) } };
  const body = eventBytes(padded);
  if (body.length !== size) throw new Error(`could not build a body of ${size} bytes`);
  return { event: padded, body };
}

check('WH-ACK-01', async (ctx) => {
  expectAcknowledged(await webhookClient(ctx).deliver({ body: paymentEvent() }));
});

check('WH-ACK-02', async (ctx) => {
  const client = webhookClient(ctx);
  const event = paymentEvent();
  expectAcknowledged(await client.deliver({ body: event }));
  expectAcknowledged(await client.deliver({ body: event }));
});

check('WH-ACK-03', async (ctx) => {
  const event = paymentEvent();
  expectAcknowledged(await webhookClient(ctx).deliver({ body: event }));
  expect(await recordCount(ctx, event.id), 'an acknowledged event must have exactly one record').toBe(1);
});

check('WH-ACK-04', async (ctx) => {
  const client = webhookClient(ctx);
  const event = paymentEvent();
  expectAcknowledged(await client.deliver({ body: event }));
  // Same id, different bytes: a redelivery may be re-serialized by the sender.
  expectAcknowledged(await client.deliver({ body: { ...event, data: { ...event.data, amount: event.data.amount + 1 } } }));
  expect(await recordCount(ctx, event.id), 'the id, not the bytes, is the duplicate key: one record').toBe(1);
});

check('WH-ACK-05', async (ctx) => {
  expectAcknowledged(await webhookClient(ctx).deliver({ body: eventOfSize(256_000).body }));
});

check('WH-ACK-06', async (ctx) => {
  const response = await webhookClient(ctx).deliver({ body: eventOfSize(262_145).body });
  expect(response.statusCode >= 200 && response.statusCode < 300, `a body over the limit must not be accepted; got ${response.statusCode}`).toBe(false);
});

check('WH-ACK-07', async (ctx) => {
  const response = await webhookClient(ctx).deliver({ body: eventOfSize(300_000).body });
  ctx.observe(`a 300,000-byte body answered ${describeAnswer(response)}`);
});

check('WH-ACK-08', async (ctx) => {
  const { event, body } = eventOfSize(262_145);
  await webhookClient(ctx).deliver({ body });
  await expectNoRecord(ctx, event.id, 'a body over the limit must leave no record');
});
