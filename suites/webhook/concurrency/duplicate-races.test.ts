// Concurrent identical deliveries, including across instances, must leave exactly
// one record and one business action, and all of them receive 202. The requests are
// released together with last-byte sync, so they genuinely overlap at the receiver.
import { setTimeout as sleep } from 'node:timers/promises';
import { expect } from 'vitest';
import { check, type CheckContext } from '../../../harness/checks/check.ts';
import { raceRequests } from '../../../harness/http/index.ts';
import { deliveryRequest, noteAcknowledgedDeliveries } from '../../../harness/webhook/webhook-client.ts';
import { paymentEvent, type PaymentEvent } from '../../../harness/webhook/payment-event.ts';
import { probeEvent } from '../../../harness/webhook/webhook-probe.ts';
import { settledEach, WORK_CHECK_LIMIT_MS } from '../../../harness/webhook/wait-for-work.ts';
import { webhookTarget } from '../../../harness/webhook/webhook-target.ts';

const GRACE_MS = 300;

/** Releases the deliveries together, spread over `instances`; every answer must be 202. */
async function race(ctx: CheckContext, events: readonly PaymentEvent[], instances: readonly string[]): Promise<void> {
  const target = webhookTarget(ctx);
  const entries = events.map((event, i) => ({ baseUrl: instances[i % instances.length] ?? target.baseUrl, request: deliveryRequest(target, { body: event }) }));
  const { outcomes, releaseSpreadMs } = await raceRequests(entries, { transcript: ctx.transcript });
  noteAcknowledgedDeliveries(ctx, events.map((body) => ({ body })), outcomes);
  ctx.transcript.note(`release spread ${releaseSpreadMs.toFixed(2)} ms over ${instances.length} instance(s)`);
  const statuses = outcomes.map((o) => (o instanceof Error ? `error: ${o.message}` : String(o.statusCode)));
  const tally = new Map<string, number>();
  for (const s of statuses) tally.set(s, (tally.get(s) ?? 0) + 1);
  if (tally.get('202') !== events.length) {
    throw new Error(`every concurrent delivery must be answered 202; of ${events.length}: ${[...tally].map(([answer, count]) => `${count} × ${answer}`).join('; ')}`);
  }
}

async function expectOnceEach(ctx: CheckContext, ids: readonly string[]): Promise<void> {
  await settledEach(ctx, ids);
  await sleep(GRACE_MS);
  for (const id of ids) {
    const probe = await probeEvent(ctx, id);
    expect({ records: probe?.records ?? 0, effects: probe?.effects ?? 0 }, `event ${id}`).toEqual({ records: 1, effects: 1 });
  }
}

check('WH-CONC-01', async (ctx) => {
  const event = paymentEvent();
  await race(ctx, Array.from({ length: 200 }, () => event), [webhookTarget(ctx).baseUrl]);
  await expectOnceEach(ctx, [event.id]);
}, { timeout: WORK_CHECK_LIMIT_MS });

check('WH-CONC-02', async (ctx) => {
  const target = webhookTarget(ctx);
  const event = paymentEvent();
  await race(ctx, Array.from({ length: 200 }, () => event), target.instanceUrls);
  await expectOnceEach(ctx, [event.id]);
}, { timeout: WORK_CHECK_LIMIT_MS });

check('WH-CONC-03', async (ctx) => {
  const events = Array.from({ length: 20 }, () => paymentEvent());
  // Ten copies of each, interleaved: e0 e1 … e19 e0 e1 …
  const deliveries = Array.from({ length: 10 }, () => events).flat();
  await race(ctx, deliveries, webhookTarget(ctx).instanceUrls);
  await expectOnceEach(ctx, events.map((e) => e.id));
}, { timeout: WORK_CHECK_LIMIT_MS });
