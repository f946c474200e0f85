// Issue 17, finding 7: with PostgreSQL frozen (every process of the cluster stopped
// with SIGSTOP: connections stay open and nothing answers), a delivery is answered
// 503 within the store's timeouts instead of hanging until the database comes back;
// once it is back, deliveries are acknowledged again and nothing is recorded twice.
// The cluster is a throwaway one of this test's own, never the shared server.
import { createHmac } from 'node:crypto';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { startThrowawayPostgres, throwawayPostgresSkipReason, type ThrowawayPostgres } from '../../test/testing/throwaway-postgres.ts';
import { openStore } from '../store/open-store.ts';
import type { SqlStore } from '../store/sql-store.ts';
import { buildWebhookApp } from './app.ts';
import { createMetrics } from './metrics.ts';

const SECRET = 'frozen-db-secret-91c';
const sign = (body: string) => createHmac('sha256', SECRET).update(body).digest('hex');

describe.skipIf(throwawayPostgresSkipReason() !== undefined)('the receiver on a frozen PostgreSQL', () => {
  let cluster: ThrowawayPostgres;
  let store: SqlStore;
  let app: FastifyInstance;

  beforeAll(async () => {
    cluster = await startThrowawayPostgres();
    // Short timeouts, so the test is quick; production uses the defaults (store-timeouts.ts).
    store = await openStore({ databaseUrl: cluster.databaseUrl, timeouts: { connectMs: 500, statementMs: 300 } });
    app = buildWebhookApp({ store, secret: SECRET, probe: true, faults: new Set(), metrics: createMetrics(store) });
    await app.ready();
  });
  afterAll(async () => {
    cluster?.thaw();
    await app?.close();
    await store?.close();
    cluster?.dispose();
  });

  const deliver = (id: string) => {
    const body = JSON.stringify({ id, type: 'payment.succeeded', createdAt: '2026-11-21T10:00:00.000Z', data: { paymentId: 'pay_frozen', version: 1 } });
    return request(app.server).post('/webhooks/payments').set({ 'content-type': 'application/json', 'x-webhook-signature': sign(body) }).send(body);
  };

  it('answers 503 while the database is frozen, before it is thawed, and 202 again once it is back', async () => {
    expect((await deliver('evt_before_freeze')).status).toBe(202);
    cluster.freeze();
    try {
      // The first goes out on a pooled connection whose server no longer answers (the
      // statement timeout); that connection is given up, so the second needs a new one
      // from a postmaster that no longer answers (the connection timeout).
      const first = await deliver('evt_during_freeze_1');
      expect(first.status).toBe(503);
      expect(first.body).toEqual({ error: 'service unavailable' });
      expect((await deliver('evt_during_freeze_2')).status).toBe(503);
    } finally {
      cluster.thaw();
    }
    // A statement given up may still have committed once the server resumed: a
    // redelivery of the same event (the sender retries a 503) is then a duplicate.
    for (const id of ['evt_during_freeze_1', 'evt_during_freeze_2', 'evt_after_thaw']) {
      expect((await deliver(id)).status, id).toBe(202);
      expect((await request(app.server).get(`/__probe/events/${id}`)).body, id).toMatchObject({ records: 1 });
    }
  }, 20_000);
});
