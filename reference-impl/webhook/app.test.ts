// The receiver in-process (supertest): each step of the processing order, the exact
// answers, and the record behind them.
import { createHmac } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { openStore } from '../store/open-store.ts';
import { StoreUnavailableError, type SqlStore } from '../store/sql-store.ts';
import { storageKey } from '../store/storage-key.ts';
import { buildWebhookApp, BODY_LIMIT } from './app.ts';
import { createMetrics } from './metrics.ts';
import type { WebhookFault } from './faults.ts';

const SECRET = 'test-secret-abc123';
const sign = (body: string | Buffer) => createHmac('sha256', SECRET).update(body).digest('hex');
let n = 0;
const event = (overrides: Record<string, unknown> = {}) => JSON.stringify({
  id: `evt_unit_${++n}`, type: 'payment.succeeded', createdAt: '2026-11-21T10:00:00.000Z',
  data: { paymentId: `pay_${n}`, amount: 1, currency: 'EUR', version: 1 }, ...overrides,
});

describe('webhook receiver app', () => {
  let store: SqlStore;
  let app: FastifyInstance;
  const dataDir = mkdtempSync(join(tmpdir(), 'wirecheck-webhook-app-'));
  const build = (faults: WebhookFault[] = [], probe = true) => buildWebhookApp({ store, secret: SECRET, probe, faults: new Set(faults), metrics: createMetrics(store) });

  beforeAll(async () => {
    store = await openStore({ dataDir });
    app = build();
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await store.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const post = (body: string | Buffer, headers: Record<string, string>, target = app) =>
    request(target.server).post('/webhooks/payments').set(headers).send(body);
  const records = async (id: string) => (await request(app.server).get(`/__probe/events/${encodeURIComponent(id)}`)).status === 200 ? 1 : 0;

  it('1-5: a signed valid event is recorded once and acknowledged with 202 {"received":true}', async () => {
    const body = event();
    const response = await post(body, { 'content-type': 'application/json', 'x-webhook-signature': sign(body) });
    expect(response.status).toBe(202);
    expect(response.body).toEqual({ received: true });
    const id = (JSON.parse(body) as { id: string }).id;
    const probe = await request(app.server).get(`/__probe/events/${id}`);
    expect(probe.body).toMatchObject({ records: 1, status: 'accepted' });
  });

  it('1: missing, short, prefixed or wrong signatures are 401 invalid signature with no record', async () => {
    const body = event();
    const id = (JSON.parse(body) as { id: string }).id;
    for (const signature of [undefined, sign(body).slice(1), `sha256=${sign(body)}`, sign(`${body} `)]) {
      const headers: Record<string, string> = { 'content-type': 'application/json' };
      if (signature) headers['x-webhook-signature'] = signature;
      const response = await post(body, headers);
      expect(response.status).toBe(401);
      expect(response.body).toEqual({ error: 'invalid signature' });
    }
    expect(await records(id)).toBe(0);
  });

  it('treats a non-JSON or missing content type as an empty body: 401', async () => {
    const body = event();
    for (const contentType of ['text/plain', 'application/jsonx', '', 'application/x-www-form-urlencoded']) {
      const response = await post(body, { 'content-type': contentType, 'x-webhook-signature': sign(body) });
      expect(response.status, contentType).toBe(401);
    }
  });

  it('accepts a signed empty body only as far as parsing: 400', async () => {
    const response = await post('', { 'content-type': 'application/json', 'x-webhook-signature': sign('') });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ error: 'invalid JSON' });
  });

  it('3: invalid events are 422 unsupported event', async () => {
    for (const body of ['null', '[]', '"x"', event({ id: '' }), event({ type: 'payment.failed' }), event({ createdAt: '' }), event({ id: 7 })]) {
      const response = await post(body, { 'content-type': 'application/json', 'x-webhook-signature': sign(body) });
      expect(response.status, body).toBe(422);
      expect(response.body).toEqual({ error: 'unsupported event' });
    }
  });

  it('stores ids PostgreSQL text cannot hold, each distinctly', async () => {
    for (const id of ['nul\u0000id', '\ud800', '\ud801']) {
      const body = event({ id });
      const response = await post(body, { 'content-type': 'application/json', 'x-webhook-signature': sign(body) });
      expect(response.status, JSON.stringify(id)).toBe(202);
      // Lone surrogates cannot travel in a URL, so count in the store itself.
      const { rows } = await store.query(`SELECT 1 FROM webhook_events WHERE event_id = $1`, [storageKey(id)]);
      expect(rows, JSON.stringify(id)).toHaveLength(1);
    }
  });

  it('answers a body over 256 KiB with 413 payload too large, and one at the limit with 202', async () => {
    const base = event({ pad: '' });
    const atLimit = event({ pad: 'x'.repeat(BODY_LIMIT - base.length) });
    expect(Buffer.byteLength(atLimit)).toBe(BODY_LIMIT);
    expect((await post(atLimit, { 'content-type': 'application/json', 'x-webhook-signature': sign(atLimit) })).status).toBe(202);
    const over = `${atLimit} `;
    const response = await post(over, { 'content-type': 'application/json', 'x-webhook-signature': sign(over) });
    expect(response.status).toBe(413);
    expect(response.body).toEqual({ error: 'payload too large' });
  });

  it('exposes the operational records at /metrics', async () => {
    const text = (await request(app.server).get('/metrics')).text;
    for (const name of ['webhook_requests_total', 'webhook_ack_latency_seconds', 'webhook_failures_total', 'webhook_queue_depth',
      'webhook_queue_oldest_job_age_seconds', 'webhook_processing_retries_total', 'webhook_processing_exhausted_total',
      'webhook_duplicates_total', 'webhook_receipt_to_completion_seconds']) {
      expect(text, name).toContain(name);
    }
    expect(text).toMatch(/webhook_requests_total\{event_type="payment.succeeded",response_class="2xx"\} [1-9]/);
    expect(text).toMatch(/webhook_failures_total\{kind="signature"\} [1-9]/);
  });

  it('serves the probe only when enabled', async () => {
    const closed = build([], false);
    await closed.ready();
    expect((await request(closed.server).get('/__probe/events/x')).status).toBe(404);
    expect((await request(closed.server).get('/__probe/events/x')).body).not.toHaveProperty('records');
    await closed.close();
  });

  it('answers 503, never 202, when the store is down', async () => {
    const down: SqlStore = {
      kind: 'pglite',
      query: () => Promise.reject(new StoreUnavailableError('down')),
      transaction: () => Promise.reject(new StoreUnavailableError('down')),
      close: async () => {},
    };
    const broken = buildWebhookApp({ store: down, secret: SECRET, probe: false, faults: new Set(), metrics: createMetrics(down) });
    await broken.ready();
    const body = event();
    const response = await request(broken.server).post('/webhooks/payments').set({ 'content-type': 'application/json', 'x-webhook-signature': sign(body) }).send(body);
    expect(response.status).toBe(503);
    await broken.close();
  });
});
