// Events: ordering rule, as a property. Per-payment version sequences — repeats
// included — are shuffled, partly redelivered and released in concurrent batches;
// whatever the interleaving, each payment ends at its highest version, the versions
// applied increase strictly, and every event is recorded and completed once.
import fc from 'fast-check';
import { expect } from 'vitest';
import { check } from '../../../harness/checks/check.ts';
import { assertProperty } from '../../../harness/checks/property.ts';
import { CONTRACTS_VERSION_FIELD, paymentEvent, uniqueId, withVersion, type PaymentEvent } from '../../../harness/webhook/payment-event.ts';
import { raceInBatches } from '../../../harness/webhook/race-deliveries.ts';
import { webhookTarget } from '../../../harness/webhook/webhook-target.ts';
import { probePayment } from '../../../harness/webhook/webhook-probe.ts';
import { settled, WORK_CHECK_LIMIT_MS } from '../../../harness/webhook/wait-for-work.ts';

const scenario = fc.record({
  payments: fc.array(fc.array(fc.nat({ max: 40 }), { minLength: 1, maxLength: 6 }), { minLength: 1, maxLength: 3 }),
  redeliver: fc.array(fc.boolean(), { maxLength: 18 }),
  order: fc.array(fc.nat(), { minLength: 18, maxLength: 18 }),
  batchSize: fc.integer({ min: 1, max: 8 }),
});

function shuffle<T>(items: readonly T[], keys: readonly number[]): T[] {
  return items.map((item, i) => ({ item, key: keys[i % keys.length] ?? 0, i }))
    .sort((a, b) => a.key - b.key || a.i - b.i).map((x) => x.item);
}

check('WH-ORD-03', async (ctx) => {
  await assertProperty(ctx, fc.asyncProperty(scenario, async ({ payments, redeliver, order, batchSize }) => {
    const plan = payments.map((versions) => ({ paymentId: uniqueId('pay'), versions }));
    const field = webhookTarget(ctx).versionField ?? CONTRACTS_VERSION_FIELD;
    const events: PaymentEvent[] = plan.flatMap(({ paymentId, versions }) => versions.map((version) => {
      const event = paymentEvent();
      return withVersion({ ...event, data: { paymentId, amount: event.data.amount, currency: event.data.currency } }, field, version);
    }));
    const deliveries = shuffle([...events, ...events.filter((_, i) => redeliver[i])], order);
    const answers = await raceInBatches(ctx, deliveries.map((body) => ({ body })), batchSize);
    expect(answers.map((a) => a.statusCode).filter((s) => s !== 202), 'every delivery is answered 202').toEqual([]);
    for (const event of events) {
      expect(await settled(ctx, event.id), `event ${event.id} completes once`).toMatchObject({ records: 1, effects: 1 });
    }
    for (const { paymentId, versions } of plan) {
      const state = await probePayment(ctx, paymentId);
      const applied = [...(state?.applied ?? [])];
      expect(state?.version, `${paymentId} ends at its highest version`).toBe(Math.max(...versions));
      expect(applied.every((v, i) => i === 0 || v > (applied[i - 1] ?? -1)), `${paymentId} applied ${applied.join(',')}: strictly increasing, none twice`).toBe(true);
      expect(applied.every((v) => versions.includes(v)), `${paymentId} applied only versions it was sent`).toBe(true);
    }
  }), { numRuns: 12 });
}, { timeout: WORK_CHECK_LIMIT_MS });
