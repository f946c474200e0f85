// What becomes of an accepted event: its work runs once; how its record's status
// moves is for operators (INFO — the spec shows the statuses, not the transitions).
import { setTimeout as sleep } from 'node:timers/promises';
import { expect } from 'vitest';
import { check, type CheckContext } from '../../../harness/checks/check.ts';
import { webhookClient } from '../../../harness/webhook/webhook-client.ts';
import { paymentEvent } from '../../../harness/webhook/payment-event.ts';
import { expectAcknowledged } from '../../../harness/webhook/expect-answer.ts';
import { isSettled, probeEvent } from '../../../harness/webhook/webhook-probe.ts';
import { settled, WORK_CHECK_LIMIT_MS } from '../../../harness/webhook/wait-for-work.ts';

const GRACE_MS = 300;

check('WH-PROC-01', async (ctx) => {
  const event = paymentEvent();
  expectAcknowledged(await webhookClient(ctx).deliver({ body: event }));
  expect((await settled(ctx, event.id)).effects, 'the accepted event\'s business work must run to completion').toBeGreaterThan(0);
  await sleep(GRACE_MS);
  expect((await probeEvent(ctx, event.id))?.effects, 'its business work must have run exactly once').toBe(1);
}, { timeout: WORK_CHECK_LIMIT_MS });

async function statusTrail(ctx: CheckContext, eventId: string, timeoutMs: number): Promise<string> {
  const seen: string[] = [];
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const probe = await probeEvent(ctx, eventId);
    const status = probe?.status ?? 'no record';
    if (seen.at(-1) !== status) seen.push(status);
    if (isSettled(probe)) return `${seen.join(' → ')} (effects ${probe?.effects})`;
    if (Date.now() > deadline) return `${seen.join(' → ')} (not settled after ${timeoutMs / 1000} s)`;
    await sleep(5);
  }
}

check('WH-PROC-02', async (ctx) => {
  const event = paymentEvent();
  expectAcknowledged(await webhookClient(ctx).deliver({ body: event }));
  ctx.observe(`statuses seen: ${await statusTrail(ctx, event.id, 3_000)}`);
});

check('WH-PROC-03', async (ctx) => {
  // Valid for the receiver (data is not validated), but there is no payment to apply it to.
  const event = { ...paymentEvent(), data: { amount: 5, currency: 'EUR' } };
  expectAcknowledged(await webhookClient(ctx).deliver({ body: event }));
  ctx.observe(`an event without data.paymentId: ${await statusTrail(ctx, event.id, 5_000)}`);
});
