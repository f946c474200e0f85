// What the Service Does 4 and 5: a 202 is a durable promise — never given for a
// delivery whose record did not commit (the probe's fail switch) — and a repeat of an
// event that already completed does nothing more. How long a second effect is watched
// for is the receiver's own pace, by evidence: until an event acknowledged after the
// repeat has had its work completed (WH-ACK-10).
import { setTimeout as sleep } from 'node:timers/promises';
import { expect } from 'vitest';
import { check } from '../../../harness/checks/check.ts';
import { webhookClient } from '../../../harness/webhook/webhook-client.ts';
import { paymentEvent } from '../../../harness/webhook/payment-event.ts';
import { describeAnswer, expectAcknowledged } from '../../../harness/webhook/expect-answer.ts';
import { expectNoRecord } from '../../../harness/webhook/expect-no-record.ts';
import { probeEvent, recordCount, webhookProbe } from '../../../harness/webhook/webhook-probe.ts';
import { settled as settledWork, WORK_CHECK_LIMIT_MS } from '../../../harness/webhook/wait-for-work.ts';

/** After the control event settles, how much longer a second effect side by side with it gets to show itself. */
const GRACE_MS = 300;

check('WH-ACK-09', async (ctx) => {
  const event = paymentEvent();
  expectAcknowledged(await webhookClient(ctx).deliver({ body: event }));
  const probe = await probeEvent(ctx, event.id);
  expect(probe?.records ?? 0, 'the record must exist the moment the 202 arrives').toBe(1);
});

check('WH-ACK-10', async (ctx) => {
  const client = webhookClient(ctx);
  const event = paymentEvent();
  expectAcknowledged(await client.deliver({ body: event }));
  const settled = await settledWork(ctx, event.id);
  expect(settled?.effects, 'the first delivery completes with one effect').toBe(1);
  expectAcknowledged(await client.deliver({ body: event }));
  // A second effect takes as long to appear as the receiver's work takes to reach what
  // the repeat queued, which no fixed wait knows: a control event acknowledged after the
  // repeat is waited for until its work completes (as long as the worker visibly makes
  // progress, the events ahead of it included). By then a worker taking events in order
  // has run whatever the repeat queued, and one running them side by side has had as
  // long as one event's work takes; GRACE_MS more covers the second finishing just after.
  const control = paymentEvent();
  expectAcknowledged(await client.deliver({ body: control }));
  const controlSettled = await settledWork(ctx, control.id);
  ctx.transcript.note(`the control event ${control.id}, acknowledged after the repeat, settled (${controlSettled.status}, ${controlSettled.effects} effect(s)); ${GRACE_MS} ms more before the repeated event is read`);
  await sleep(GRACE_MS);
  const after = await probeEvent(ctx, event.id);
  expect({ records: after?.records ?? 0, effects: after?.effects ?? 0 }, 'a repeated delivery must add no record and no effect (read once a control event acknowledged after the repeat had its work completed)')
    .toEqual({ records: 1, effects: 1 });
}, { timeout: WORK_CHECK_LIMIT_MS });

check('WH-ACK-11', async (ctx) => {
  if (!(await webhookProbe(ctx).failNextCommit())) return ctx.skip('needs probe fail switch: POST /__probe/fail-next-commit answered 404 (CONTRACTS §4: the switch is optional)');
  const client = webhookClient(ctx);
  const event = paymentEvent();
  const failed = await client.deliver({ body: event });
  expect(failed.statusCode >= 200 && failed.statusCode < 300, `a delivery whose record commit failed must not be acknowledged; got ${describeAnswer(failed)}`).toBe(false);
  await expectNoRecord(ctx, event.id, 'a delivery whose record commit failed must leave no record');
  // The sender retries what was not acknowledged: the id is not recorded yet, so the retry records it.
  expectAcknowledged(await client.deliver({ body: event }));
  expect(await recordCount(ctx, event.id), 'the redelivery of the event whose commit failed must be recorded once').toBe(1);
});
