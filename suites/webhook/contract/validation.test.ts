// Processing order 3 and the Event table: what makes a parsed body an event.
import { expect } from 'vitest';
import { check } from '../../../harness/checks/check.ts';
import { webhookClient } from '../../../harness/webhook/webhook-client.ts';
import { paymentEvent } from '../../../harness/webhook/payment-event.ts';
import { describeAnswer, expectAcknowledged, expectRejected } from '../../../harness/webhook/expect-answer.ts';
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
  expect(await recordCount(ctx, event.id), 'a delivery answered 422 must leave no record').toBe(0);
});
