// Issue 17, after finding 6: the spec sets no length limit on data.paymentId below the
// body's 256 KiB, and each accepted event gets exactly one business action. So a
// signed event whose paymentId is of any length that fits is processed: its payment
// state set once, the ordering guard applied to it as to a short id, and the state
// visible through the probe — on both stores. The ids are random base64url: text
// PostgreSQL cannot compress, so an index on the id itself would exceed the btree
// entry limit (~2,700 bytes) and the action would fail on every retry.
import { randomBytes } from 'node:crypto';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storageKey } from '../store/storage-key.ts';
import { probeEvent, probePayment } from './probe.ts';
import { receiverOnStore, STORES, type ReceiverOnStore } from './testing/receiver-on-store.ts';

const SECRET = 'long-payment-secret-5c1';
const randomId = (length: number) => randomBytes(length).toString('base64url').slice(0, length);

describe.each(STORES)('a paymentId of any length that fits the body, on $name', ({ name, skip }) => {
  let receiver: ReceiverOnStore;
  beforeAll(async () => {
    if (!skip) receiver = await receiverOnStore(name, SECRET);
  });
  afterAll(async () => {
    if (!skip) await receiver.close();
  });

  const deliver = (eventId: string, paymentId: string, version: number) => {
    const body = JSON.stringify({ id: eventId, type: 'payment.succeeded', createdAt: '2026-11-21T10:00:00.000Z', data: { paymentId, version } });
    return request(receiver.app.server).post('/webhooks/payments').set({ 'content-type': 'application/json', 'x-webhook-signature': receiver.sign(body) }).send(body);
  };
  /** Delivers, expects the 202, and waits for the worker to finish with the event (completed or failed). */
  const processEvent = async (paymentId: string, version: number) => {
    const eventId = `evt_${randomId(12)}`;
    const answer = await deliver(eventId, paymentId, version);
    expect(answer.status, JSON.stringify(answer.body)).toBe(202);
    const deadline = Date.now() + 10_000;
    let probe = await probeEvent(receiver.store, eventId);
    while (!['completed', 'failed'].includes(probe?.status ?? '') && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 20));
      probe = await probeEvent(receiver.store, eventId);
    }
    return { eventId, probe };
  };
  // The probe reads by id; an id this long does not fit a URL, so its function is called.
  // The payment rows themselves, read without the probe's key, count what was applied.
  const appliedRows = async (paymentId: string) => (await receiver.store.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM payment_applied a JOIN payment_states s USING (payment_key) WHERE s.payment_id = $1`, [storageKey(paymentId)])).rows[0]?.n;

  it.skipIf(skip).each([3_000, 100_000])('processes an event with a %i-character paymentId once, its state in the probe as for a short one', async (length) => {
    const short = `pay_${randomId(8)}`;
    const long = randomId(length);
    for (const paymentId of [short, long]) {
      const { probe } = await processEvent(paymentId, 1);
      expect(probe, `paymentId of ${paymentId.length} characters`).toEqual({ records: 1, status: 'completed', effects: 1 });
    }
    expect(await probePayment(receiver.store, long)).toEqual(await probePayment(receiver.store, short));
    expect(await probePayment(receiver.store, long)).toEqual({ version: 1, status: 'succeeded', applied: [1] });
    expect(await appliedRows(long)).toBe(1);
  });

  it.skipIf(skip)('orders versions of a long paymentId: a newer one applied, a stale one ignored', async () => {
    const long = randomId(5_000);
    for (const version of [2, 3, 1]) expect((await processEvent(long, version)).probe?.status).toBe('completed');
    expect(await probePayment(receiver.store, long)).toEqual({ version: 3, status: 'succeeded', applied: [2, 3] });
  });

  it.skipIf(skip)('keeps two long paymentIds that differ only in their last character apart', async () => {
    const stem = randomId(5_000);
    await processEvent(`${stem}a`, 4);
    await processEvent(`${stem}b`, 7);
    expect(await probePayment(receiver.store, `${stem}a`)).toEqual({ version: 4, status: 'succeeded', applied: [4] });
    expect(await probePayment(receiver.store, `${stem}b`)).toEqual({ version: 7, status: 'succeeded', applied: [7] });
  });
});
