// What the Service Does 3 as a property: arbitrary mixes of valid, duplicate, badly
// signed, unsigned, malformed and unsupported deliveries, released in concurrent
// batches. Each answer follows the processing order, and records and effects exist
// exactly for the ids that had a valid delivery — nothing from a rejected one.
import { setTimeout as sleep } from 'node:timers/promises';
import fc from 'fast-check';
import { expect } from 'vitest';
import { check } from '../../../harness/checks/check.ts';
import { assertProperty } from '../../../harness/checks/property.ts';
import { paymentEvent, uniqueId } from '../../../harness/webhook/payment-event.ts';
import { raceInBatches } from '../../../harness/webhook/race-deliveries.ts';
import type { Delivery } from '../../../harness/webhook/webhook-client.ts';
import { probeEvent } from '../../../harness/webhook/webhook-probe.ts';
import { settledEach, WORK_CHECK_LIMIT_MS } from '../../../harness/webhook/wait-for-work.ts';

const KINDS = ['valid', 'redelivery', 'bad-signature', 'unsigned', 'malformed', 'unsupported'] as const;
type Kind = (typeof KINDS)[number];

const EXPECTED_STATUS: Readonly<Record<Kind, number>> = {
  valid: 202, redelivery: 202, 'bad-signature': 401, unsigned: 401, malformed: 400, unsupported: 422,
};

function deliveryOf(kind: Kind, id: string, n: number): Delivery {
  const event = paymentEvent({ id });
  const body = { ...event, data: { ...event.data, amount: n } };
  switch (kind) {
    case 'valid': return { body };
    case 'redelivery': return { body: { ...body, data: { ...body.data, amount: n + 1 } } };
    case 'bad-signature': return { body, signature: 'ab'.repeat(32) };
    case 'unsigned': return { body, signature: 'none' };
    case 'malformed': return { body: `{"id":"${id}","type":"payment.succeeded",` };
    case 'unsupported': return { body: { ...body, type: 'payment.refunded' } };
  }
}

const mix = fc.record({
  deliveries: fc.array(fc.record({ kind: fc.constantFrom(...KINDS), id: fc.nat({ max: 3 }) }), { minLength: 1, maxLength: 16 }),
  batchSize: fc.integer({ min: 1, max: 8 }),
});

check('WH-DEL-01', async (ctx) => {
  await assertProperty(ctx, fc.asyncProperty(mix, async ({ deliveries, batchSize }) => {
    const ids = Array.from({ length: 4 }, () => uniqueId());
    const sent = deliveries.map(({ kind, id }, n) => ({ kind, id: ids[id] ?? '', delivery: deliveryOf(kind, ids[id] ?? '', n) }));
    const answers = await raceInBatches(ctx, sent.map((s) => s.delivery), batchSize);
    expect(answers.map((a, i) => `${sent[i]?.kind}:${a.statusCode}`), 'each answer per the processing order')
      .toEqual(sent.map((s) => `${s.kind}:${EXPECTED_STATUS[s.kind]}`));
    const validIds = new Set(sent.filter((s) => s.kind === 'valid' || s.kind === 'redelivery').map((s) => s.id));
    await settledEach(ctx, [...validIds]);
    await sleep(300);
    for (const id of ids) {
      const probe = await probeEvent(ctx, id);
      const expected = validIds.has(id) ? { records: 1, effects: 1 } : { records: 0, effects: 0 };
      expect({ records: probe?.records ?? 0, effects: probe?.effects ?? 0 }, `id ${id}`).toEqual(expected);
    }
  }), { numRuns: 15 });
}, { timeout: WORK_CHECK_LIMIT_MS });
