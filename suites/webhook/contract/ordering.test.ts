// The ordering guard: an older version never overwrites a newer one, a repeated
// version has no further effect (States and transitions, Events: ordering rule). The
// spec does not say where an event carries its version: the target names the field
// (--version-field), or the preflight finds it through the probe (the reference reads
// data.version, CONTRACTS §5). What orders events that carry none, and the status a
// payment.succeeded sets, are recorded only.
import { expect } from 'vitest';
import { check } from '../../../harness/checks/check.ts';
import type { CheckContext } from '../../../harness/checks/check.ts';
import { webhookClient } from '../../../harness/webhook/webhook-client.ts';
import { CONTRACTS_VERSION_FIELD, paymentEvent, uniqueId, withVersion, type PaymentEvent } from '../../../harness/webhook/payment-event.ts';
import { webhookTarget } from '../../../harness/webhook/webhook-target.ts';
import { expectAcknowledged } from '../../../harness/webhook/expect-answer.ts';
import { probePayment, type PaymentProbe } from '../../../harness/webhook/webhook-probe.ts';
import { settled, WORK_CHECK_LIMIT_MS } from '../../../harness/webhook/wait-for-work.ts';

/** Delivers the events one after the other, each settled before the next is sent. */
async function deliverInTurn(ctx: CheckContext, events: readonly PaymentEvent[]): Promise<void> {
  const client = webhookClient(ctx);
  for (const event of events) {
    expectAcknowledged(await client.deliver({ body: event }));
    expect((await settled(ctx, event.id)).effects, `event ${event.id}: its business work must run to completion once`).toBe(1);
  }
}

/** An event of the payment carrying `version` where the target reads it (--version-field, or found by the preflight; the reference: data.version). */
function versioned(ctx: CheckContext, paymentId: string, version: number): PaymentEvent {
  const event = paymentEvent();
  const plain = { ...event, data: { paymentId, amount: event.data.amount, currency: event.data.currency } };
  return withVersion(plain, webhookTarget(ctx).versionField ?? CONTRACTS_VERSION_FIELD, version);
}

/** An event that carries no version at all: where the spec leaves open what orders it. */
function unversioned(paymentId: string, createdAt: string): PaymentEvent {
  const event = paymentEvent({ createdAt });
  return { ...event, data: { paymentId, amount: 1, currency: 'EUR' } };
}

function describePayment(payment: PaymentProbe | undefined): string {
  return payment ? `version ${payment.version}, status "${payment.status}", applied [${payment.applied.join(', ')}]` : 'no payment state';
}

check('WH-ORD-01', async (ctx) => {
  const paymentId = uniqueId('pay');
  await deliverInTurn(ctx, [versioned(ctx, paymentId, 2), versioned(ctx, paymentId, 1)]);
  expect(await probePayment(ctx, paymentId)).toMatchObject({ version: 2, applied: [2] });
}, { timeout: WORK_CHECK_LIMIT_MS });

check('WH-ORD-02', async (ctx) => {
  const paymentId = uniqueId('pay');
  await deliverInTurn(ctx, [versioned(ctx, paymentId, 1), versioned(ctx, paymentId, 1)]);
  expect(await probePayment(ctx, paymentId)).toMatchObject({ version: 1, applied: [1] });
}, { timeout: WORK_CHECK_LIMIT_MS });

check('WH-ORD-04', async (ctx) => {
  const paymentId = uniqueId('pay');
  await deliverInTurn(ctx, [unversioned(paymentId, '2026-11-21T10:00:00.500Z'), unversioned(paymentId, '2026-11-21T10:00:00.499Z')]);
  ctx.observe(`createdAt …00.500Z then …00.499Z, no version: ${describePayment(await probePayment(ctx, paymentId))}`);
  const atEpoch = uniqueId('pay');
  await deliverInTurn(ctx, [unversioned(atEpoch, '1970-01-01T00:00:00.000Z')]);
  ctx.observe(`createdAt at the epoch, no version: ${describePayment(await probePayment(ctx, atEpoch))}`);
}, { timeout: WORK_CHECK_LIMIT_MS });

check('WH-ORD-05', async (ctx) => {
  const paymentId = uniqueId('pay');
  await deliverInTurn(ctx, [versioned(ctx, paymentId, 7)]);
  ctx.observe(`a payment.succeeded event left the payment at ${describePayment(await probePayment(ctx, paymentId))}`);
}, { timeout: WORK_CHECK_LIMIT_MS });
