// What becomes of an accepted event: its work runs once; how its record's status
// moves is for operators (INFO — the spec shows the statuses, not the transitions),
// and each status it has is one of the four the spec names (WH-PROC-04).
import { setTimeout as sleep } from 'node:timers/promises';
import { expect } from 'vitest';
import { check, type CheckContext } from '../../../harness/checks/check.ts';
import { webhookClient } from '../../../harness/webhook/webhook-client.ts';
import { paymentEvent } from '../../../harness/webhook/payment-event.ts';
import { expectAcknowledged } from '../../../harness/webhook/expect-answer.ts';
import { probeEvent, RECORD_STATUSES, type EventProbe } from '../../../harness/webhook/webhook-probe.ts';
import { settled, waitUntilSettled, WORK_CHECK_LIMIT_MS, workWatch, WorkStuckError } from '../../../harness/webhook/wait-for-work.ts';

const GRACE_MS = 300;

check('WH-PROC-01', async (ctx) => {
  const event = paymentEvent();
  expectAcknowledged(await webhookClient(ctx).deliver({ body: event }));
  expect((await settled(ctx, event.id)).effects, 'the accepted event\'s business work must run to completion').toBeGreaterThan(0);
  await sleep(GRACE_MS);
  expect((await probeEvent(ctx, event.id))?.effects, 'its business work must have run exactly once').toBe(1);
}, { timeout: WORK_CHECK_LIMIT_MS });

/** The statuses the event's record passes through until its work settles (or is found stuck). */
async function statusTrail(ctx: CheckContext, eventId: string): Promise<string> {
  const seen: string[] = [];
  const note = (probe: EventProbe | undefined) => {
    const status = probe?.status ?? 'no record';
    if (seen.at(-1) !== status) seen.push(status);
  };
  try {
    const probe = await waitUntilSettled(workWatch(ctx), eventId, `event ${eventId}`, note);
    return `${seen.join(' → ')} (effects ${probe.effects})`;
  } catch (error) {
    if (!(error instanceof WorkStuckError)) throw error;
    return `${seen.join(' → ') || 'nothing'} (not settled: ${error.message})`;
  }
}

check('WH-PROC-02', async (ctx) => {
  const event = paymentEvent();
  expectAcknowledged(await webhookClient(ctx).deliver({ body: event }));
  ctx.observe(`statuses seen: ${await statusTrail(ctx, event.id)}`);
}, { timeout: WORK_CHECK_LIMIT_MS });

check('WH-PROC-03', async (ctx) => {
  // Valid for the receiver (data is not validated), but there is no payment to apply it to.
  const event = { ...paymentEvent(), data: { amount: 5, currency: 'EUR' } };
  expectAcknowledged(await webhookClient(ctx).deliver({ body: event }));
  ctx.observe(`an event without data.paymentId: ${await statusTrail(ctx, event.id)}`);
}, { timeout: WORK_CHECK_LIMIT_MS });

check('WH-PROC-04', async (ctx) => {
  // Every answer of the probe is read against the spec's four names: another fails the
  // check naming them (UnknownRecordStatus), on any read until the work settled and once after.
  const event = paymentEvent();
  expectAcknowledged(await webhookClient(ctx).deliver({ body: event }));
  const seen = new Set<string>();
  await waitUntilSettled(workWatch(ctx), event.id, `event ${event.id}`, (probe) => { if (probe) seen.add(probe.status); });
  await sleep(GRACE_MS);
  const after = await probeEvent(ctx, event.id);
  if (after) seen.add(after.status);
  expect([...seen].filter((status) => !(RECORD_STATUSES as readonly string[]).includes(status)), 'record statuses the spec does not name').toEqual([]);
}, { timeout: WORK_CHECK_LIMIT_MS });
