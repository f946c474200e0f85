// "Leaves no record" is evidence only where the probe could have seen one: a probe
// that is missing, or blind to the ids of this run, reads as "no record" too. So the
// absence is read after a presence: a valid control event, delivered after the
// rejected one, must show up in the probe first — then the rejected id, delivered
// before it, must not.
import { expect } from 'vitest';
import type { CheckContext } from '../checks/check.ts';
import { expectAcknowledged } from './expect-answer.ts';
import { paymentEvent } from './payment-event.ts';
import { webhookClient } from './webhook-client.ts';
import { recordAppears, recordCount, webhookProbe } from './webhook-probe.ts';

export async function expectNoRecord(ctx: CheckContext, rejectedEventId: string, what: string): Promise<void> {
  const control = paymentEvent();
  expectAcknowledged(await webhookClient(ctx).deliver({ body: control }));
  ctx.transcript.note(`positive control: event ${control.id}, delivered valid after the rejected one, must be seen by the probe`);
  expect(await recordAppears(webhookProbe(ctx), control.id), `the probe must see the record of the valid control event ${control.id} (acknowledged 202) before its "no record" for the rejected one can count`).toBe(true);
  expect(await recordCount(ctx, rejectedEventId), what).toBe(0);
}
