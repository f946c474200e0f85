// Issue 17, finding 6: the spec sets no length limit on an event id below the body's
// 256 KiB, so a signed event with an id of any length that fits is accepted,
// recorded once, processed once, and its redelivery deduplicated — on both stores.
// The ids are random base64url: text PostgreSQL cannot compress, so an index on the
// id itself would exceed the btree entry limit (~2,700 bytes).
import { randomBytes } from 'node:crypto';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { receiverOnStore, STORES, type ReceiverOnStore } from './testing/receiver-on-store.ts';

const SECRET = 'long-id-secret-7f3';
const randomId = (length: number) => randomBytes(length).toString('base64url').slice(0, length);

describe.each(STORES)('an event id of any length that fits the body, on $name', ({ name, skip }) => {
  let receiver: ReceiverOnStore;
  beforeAll(async () => {
    if (!skip) receiver = await receiverOnStore(name, SECRET);
  });
  afterAll(async () => {
    if (!skip) await receiver.close();
  });

  const deliver = (id: string) => {
    const body = JSON.stringify({ id, type: 'payment.succeeded', createdAt: '2026-11-21T10:00:00.000Z', data: { paymentId: `pay_${id.length}`, version: 1 } });
    return request(receiver.app.server).post('/webhooks/payments').set({ 'content-type': 'application/json', 'x-webhook-signature': receiver.sign(body) }).send(body);
  };
  // A 100,000-character id does not fit a URL (Node takes 16 KiB of head), so the store is read directly.
  const counts = async (id: string) => (await receiver.store.query<{ records: number; jobs: number; effects: number; completed: number }>(
    `SELECT (SELECT count(*)::int FROM webhook_events WHERE event_id = $1) AS records,
            (SELECT count(*)::int FROM webhook_events WHERE event_id = $1 AND status = 'completed') AS completed,
            (SELECT count(*)::int FROM webhook_jobs j JOIN webhook_events e USING (provider, event_key) WHERE e.event_id = $1) AS jobs,
            (SELECT count(*)::int FROM webhook_effects WHERE event_id = $1) AS effects`, [id])).rows[0];

  it.skipIf(skip).each([3_000, 100_000])('accepts a %i-character id: 202, one record, one effect, and its redelivery deduplicated', async (length) => {
    const id = randomId(length);
    const first = await deliver(id);
    expect(first.status, JSON.stringify(first.body)).toBe(202);
    expect(first.body).toEqual({ received: true });
    const deadline = Date.now() + 10_000;
    while ((await counts(id))?.completed !== 1 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    expect(await counts(id)).toEqual({ records: 1, completed: 1, jobs: 0, effects: 1 });

    const again = await deliver(id);
    expect(again.status).toBe(202);
    expect(await counts(id)).toEqual({ records: 1, completed: 1, jobs: 0, effects: 1 });
  });

  it.skipIf(skip)('keeps two long ids that differ only in their last character apart', async () => {
    const stem = randomId(5_000);
    for (const id of [`${stem}a`, `${stem}b`]) expect((await deliver(id)).status).toBe(202);
    for (const id of [`${stem}a`, `${stem}b`]) expect((await counts(id))?.records).toBe(1);
  });

  it.skipIf(skip)('shows a 3,000-character id through the probe route, as it does a short one', async () => {
    const id = randomId(3_000);
    expect((await deliver(id)).status).toBe(202);
    const probe = await request(receiver.app.server).get(`/__probe/events/${id}`);
    expect(probe.status, JSON.stringify(probe.body)).toBe(200);
    expect(probe.body).toMatchObject({ records: 1 });
  });
});
