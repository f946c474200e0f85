// The ordering guard: an older version never overwrites a newer one, a repeated
// version has no further effect (States and transitions, Events: ordering rule).
import { expect } from 'vitest';
import { check } from '../../../harness/checks/check.ts';
import type { CheckContext } from '../../../harness/checks/check.ts';
import { webhookClient } from '../../../harness/webhook/webhook-client.ts';
import { paymentEvent, uniqueId, type PaymentEvent } from '../../../harness/webhook/payment-event.ts';
import { expectAcknowledged } from '../../../harness/webhook/expect-answer.ts';
import { probePayment } from '../../../harness/webhook/webhook-probe.ts';
import { settled, WORK_CHECK_LIMIT_MS } from '../../../harness/webhook/wait-for-work.ts';

/** Delivers the events one after the other, each settled before the next is sent. */
async function deliverInTurn(ctx: CheckContext, events: readonly PaymentEvent[]): Promise<void> {
  const client = webhookClient(ctx);
  for (const event of events) {
    expectAcknowledged(await client.deliver({ body: event }));
    expect((await settled(ctx, event.id)).status, `event ${event.id} must complete`).toBe('completed');
  }
}

function versioned(paymentId: string, version: number): PaymentEvent {
  const event = paymentEvent();
  return { ...event, data: { ...event.data, paymentId, version } };
}

function unversioned(paymentId: string, createdAt: string): PaymentEvent {
  const event = paymentEvent({ createdAt });
  return { ...event, data: { paymentId, amount: 1, currency: 'EUR' } };
}

check('WH-ORD-01', async (ctx) => {
  const paymentId = uniqueId('pay');
  await deliverInTurn(ctx, [versioned(paymentId, 2), versioned(paymentId, 1)]);
  expect(await probePayment(ctx, paymentId)).toMatchObject({ version: 2, applied: [2] });
}, { timeout: WORK_CHECK_LIMIT_MS });

check('WH-ORD-02', async (ctx) => {
  const paymentId = uniqueId('pay');
  await deliverInTurn(ctx, [versioned(paymentId, 1), versioned(paymentId, 1)]);
  expect(await probePayment(ctx, paymentId)).toMatchObject({ version: 1, applied: [1] });
}, { timeout: WORK_CHECK_LIMIT_MS });

check('WH-ORD-04', async (ctx) => {
  const paymentId = uniqueId('pay');
  const later = '2026-11-21T10:00:00.500Z';
  await deliverInTurn(ctx, [unversioned(paymentId, later), unversioned(paymentId, '2026-11-21T10:00:00.499Z')]);
  expect(await probePayment(ctx, paymentId)).toMatchObject({ version: Date.parse(later), applied: [Date.parse(later)] });
  // The epoch itself is the non-negative version 0, applied like any other.
  const atEpoch = uniqueId('pay');
  await deliverInTurn(ctx, [unversioned(atEpoch, '1970-01-01T00:00:00.000Z')]);
  expect(await probePayment(ctx, atEpoch)).toMatchObject({ version: 0, applied: [0] });
}, { timeout: WORK_CHECK_LIMIT_MS });

check('WH-ORD-05', async (ctx) => {
  const paymentId = uniqueId('pay');
  await deliverInTurn(ctx, [versioned(paymentId, 7)]);
  expect((await probePayment(ctx, paymentId))?.status).toBe('succeeded');
}, { timeout: WORK_CHECK_LIMIT_MS });
