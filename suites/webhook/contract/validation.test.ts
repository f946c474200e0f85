// Processing order 3 and the Event table: what makes a parsed body an event.
import { expect } from 'vitest';
import { check } from '../../../harness/checks/check.ts';
import { webhookClient } from '../../../harness/webhook/webhook-client.ts';
import { paymentEvent } from '../../../harness/webhook/payment-event.ts';
import { describeAnswer, expectAcknowledged, expectRejected } from '../../../harness/webhook/expect-answer.ts';
import { expectNoRecord } from '../../../harness/webhook/expect-no-record.ts';
import { recordCount } from '../../../harness/webhook/webhook-probe.ts';

function without(field: 'id' | 'createdAt' | 'type'): object {
  const event: Record<string, unknown> = { ...paymentEvent() };
  delete event[field];
  return event;
}

check('WH-VAL-01', async (ctx) => {
  expectRejected(await webhookClient(ctx).deliver({ body: 'null' }), 'unsupported event');
});

check('WH-VAL-02', async (ctx) => {
  expectRejected(await webhookClient(ctx).deliver({ body: '[]' }), 'unsupported event');
});

check('WH-VAL-03', async (ctx) => {
  expectRejected(await webhookClient(ctx).deliver({ body: without('id') }), 'unsupported event');
});

check('WH-VAL-04', async (ctx) => {
  expectRejected(await webhookClient(ctx).deliver({ body: paymentEvent({ id: '' }) }), 'unsupported event');
});

check('WH-VAL-05', async (ctx) => {
  expectRejected(await webhookClient(ctx).deliver({ body: without('createdAt') }), 'unsupported event');
});

check('WH-VAL-06', async (ctx) => {
  expectRejected(await webhookClient(ctx).deliver({ body: paymentEvent({ createdAt: '' }) }), 'unsupported event');
});

check('WH-VAL-07', async (ctx) => {
  expectRejected(await webhookClient(ctx).deliver({ body: paymentEvent({ type: 'payment.failed' }) }), 'unsupported event');
});

check('WH-VAL-08', async (ctx) => {
  expectRejected(await webhookClient(ctx).deliver({ body: without('type') }), 'unsupported event');
});

check('WH-VAL-09', async (ctx) => {
  expectAcknowledged(await webhookClient(ctx).deliver({ body: paymentEvent({ createdAt: '2019-03-01T12:00:00.000Z' }) }));
});

check('WH-VAL-10', async (ctx) => {
  expectRejected(await webhookClient(ctx).deliver({ body: { ...paymentEvent(), id: Date.now() } }), 'unsupported event');
});

check('WH-VAL-11', async (ctx) => {
  const response = await webhookClient(ctx).deliver({ body: paymentEvent({ createdAt: 'yesterday at noon' }) });
  ctx.observe(`createdAt "yesterday at noon" answered ${describeAnswer(response)}`);
});

check('WH-VAL-13', async (ctx) => {
  const event = paymentEvent({ type: 'payment.refunded' });
  expectRejected(await webhookClient(ctx).deliver({ body: event }), 'unsupported event');
  await expectNoRecord(ctx, event.id, 'a delivery answered 422 must leave no record');
});

/** Types that are not payment.succeeded under exact string comparison, each what a loose comparison would take. */
const NEAR_MISS_TYPES = [
  'Payment.succeeded', 'PAYMENT.SUCCEEDED', //             letter case
  'payment.succeeded ', ' payment.succeeded', //           surrounding space
  'payment.succeede', 'payment.', //                       prefixes
  'payment.succeeded.v2', 'payment.succeededx', //         suffixes
  'payment_succeeded', //                                  another separator
];

check('WH-VAL-14', async (ctx) => {
  const client = webhookClient(ctx);
  for (const type of NEAR_MISS_TYPES) {
    expectRejected(await client.deliver({ body: paymentEvent({ type }) }), 'unsupported event');
  }
});

/** Payloads a receiver must not validate: data missing, empty, or of another shape. */
function withOddData(): { what: string; body: Record<string, unknown> }[] {
  const odd: [string, unknown][] = [['{}', {}], ['[]', []], ['"text"', 'text'], ['42', 42], ['null', null]];
  const missing: Record<string, unknown> = { ...paymentEvent() };
  delete missing['data'];
  return [{ what: 'no data', body: missing }, ...odd.map(([what, data]) => ({ what: `data ${what}`, body: { ...paymentEvent(), data } }))];
}

check('WH-VAL-15', async (ctx) => {
  const client = webhookClient(ctx);
  for (const { what, body } of withOddData()) {
    const response = await client.deliver({ body });
    expect(response.statusCode, `a valid event with ${what} must be acknowledged; got ${describeAnswer(response)}`).toBe(202);
    expectAcknowledged(response);
  }
});

check('WH-VAL-16', async (ctx) => {
  const client = webhookClient(ctx);
  for (const { what, body } of withOddData()) {
    expectAcknowledged(await client.deliver({ body }));
    expect(await recordCount(ctx, String(body['id'])), `an event with ${what} must be recorded once`).toBe(1);
  }
});
