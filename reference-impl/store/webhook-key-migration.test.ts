// schema/003-webhook-digest-keys.sql and 004-webhook-payment-digest-keys.sql on both
// adapters: a webhook database made before event and payment keys were digests (keys
// were the id's storage key, with btree indexes on the id) is rekeyed at the next
// start, so an event recorded before the upgrade is still a duplicate after it, its
// queued job still finds it, a payment keeps its state and applied versions, and a
// long id now fits.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseUrl, dropSchema, postgresSkipReason, uniqueSchemaName } from '../../test/testing/postgres.ts';
import { eventRow, insertEvents } from '../webhook/event-repository.ts';
import { probePayment } from '../webhook/probe.ts';
import { applyVersion } from '../webhook/processing/payment-guard.ts';
import { openStore } from './open-store.ts';
import type { SqlStore } from './sql-store.ts';
import { digestKey, storageKey } from './storage-key.ts';

/** The webhook tables as schema/001-webhook.sql made them before the digest keys (33dce67^). */
const OLD_LAYOUT = `
CREATE TABLE webhook_events (
  provider text NOT NULL, event_key text NOT NULL, event_id text NOT NULL, event_type text NOT NULL,
  received_at timestamptz NOT NULL DEFAULT clock_timestamp(), raw_body bytea NOT NULL,
  status text NOT NULL DEFAULT 'accepted' CHECK (status IN ('accepted', 'processing', 'completed', 'failed')),
  completed_at timestamptz, PRIMARY KEY (provider, event_key));
CREATE INDEX webhook_events_by_id ON webhook_events (provider, event_id);
CREATE TABLE webhook_jobs (
  provider text NOT NULL, event_key text NOT NULL, attempts integer NOT NULL DEFAULT 0,
  run_after timestamptz NOT NULL DEFAULT clock_timestamp(), locked_until timestamptz, claim_token text, last_error text,
  created_at timestamptz NOT NULL DEFAULT clock_timestamp(), PRIMARY KEY (provider, event_key),
  FOREIGN KEY (provider, event_key) REFERENCES webhook_events (provider, event_key));
CREATE INDEX webhook_jobs_due ON webhook_jobs (run_after);
CREATE TABLE webhook_effects (
  provider text NOT NULL, effect_key text NOT NULL, event_id text NOT NULL, applied boolean NOT NULL,
  completed_at timestamptz NOT NULL DEFAULT clock_timestamp(), PRIMARY KEY (provider, effect_key));
CREATE INDEX webhook_effects_by_id ON webhook_effects (provider, event_id);
CREATE TABLE payment_states (
  payment_key text PRIMARY KEY, version bigint NOT NULL, status text NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT clock_timestamp());
CREATE TABLE payment_applied (
  seq bigserial PRIMARY KEY, payment_key text NOT NULL, version bigint NOT NULL, event_id text NOT NULL,
  applied_at timestamptz NOT NULL DEFAULT clock_timestamp());
CREATE INDEX payment_applied_by_payment ON payment_applied (payment_key, seq);
`;

// An id with characters whose storage key escapes them, and non-ASCII ones.
const COMPLETED = storageKey('evt_done_\u0000_é_😀');
const QUEUED = storageKey('evt_queued');
// Payment ids as above: one escaped, one plain; each with its applied versions.
const PAID_TWICE = 'pay_old_\u0000_é_😀';
const PAID_ONCE = 'pay_once';
/**
 * Written under the old layout: one event completed (with its effect), one queued, one
 * fault row; two payments, one with versions 1 then 2 applied, one with version 5.
 */
const OLD_ROWS = `
INSERT INTO webhook_events (provider, event_key, event_id, event_type, raw_body, status) VALUES
  ('payments', '${COMPLETED}', '${COMPLETED}', 'payment.succeeded', '\\x7b7d', 'completed'),
  ('payments', '${QUEUED}', '${QUEUED}', 'payment.succeeded', '\\x7b7d', 'accepted'),
  ('payments', 'evt_fault#retry', 'evt_fault', 'payment.succeeded', '\\x7b7d', 'accepted');
INSERT INTO webhook_jobs (provider, event_key) VALUES ('payments', '${QUEUED}'), ('payments', 'evt_fault#retry');
INSERT INTO webhook_effects (provider, effect_key, event_id, applied) VALUES ('payments', '${COMPLETED}', '${COMPLETED}', true);
INSERT INTO payment_states (payment_key, version, status) VALUES
  ('${storageKey(PAID_TWICE)}', 2, 'succeeded'), ('${PAID_ONCE}', 5, 'succeeded');
INSERT INTO payment_applied (payment_key, version, event_id) VALUES
  ('${storageKey(PAID_TWICE)}', 1, 'evt_a'), ('${PAID_ONCE}', 5, 'evt_b'), ('${storageKey(PAID_TWICE)}', 2, 'evt_c');
`;

const adapters = [
  { name: 'pglite', skip: undefined as string | undefined },
  { name: 'postgres', skip: postgresSkipReason() },
];

describe.each(adapters)('the webhook key migration on $name', ({ name, skip }) => {
  // One database made under the old layout (an embedded one costs an initdb), opened
  // by the store, which applies the current schema; each test reads only its old rows.
  const schema = uniqueSchemaName('wmig');
  const dataDir = mkdtempSync(join(tmpdir(), 'wirecheck-migration-'));
  const options = name === 'postgres' ? { databaseUrl, schema } : { dataDir };
  let store: SqlStore;

  beforeAll(async () => {
    if (skip) return;
    if (name === 'postgres') {
      const client = new pg.Client({ connectionString: databaseUrl });
      await client.connect();
      await client.query(`CREATE SCHEMA "${schema}"; SET search_path = "${schema}"; ${OLD_LAYOUT} ${OLD_ROWS}`);
      await client.end();
    } else {
      const db = await PGlite.create(dataDir);
      await db.exec(`${OLD_LAYOUT} ${OLD_ROWS}`);
      await db.close();
    }
    store = await openStore(options);
  });
  afterAll(async () => {
    await store?.close();
    if (name === 'postgres') await dropSchema(schema);
    rmSync(dataDir, { recursive: true, force: true });
  });

  const OLD_IDS = [COMPLETED, QUEUED, 'evt_fault'];
  const keysOf = async (db: SqlStore) => ({
    events: (await db.query<{ event_key: string; event_id: string }>(
      `SELECT event_key, event_id FROM webhook_events WHERE event_id = ANY($1::text[]) ORDER BY event_id`, [OLD_IDS])).rows,
    jobs: (await db.query<{ event_key: string }>(
      `SELECT j.event_key FROM webhook_jobs j JOIN webhook_events e USING (provider, event_key) WHERE e.event_id = ANY($1::text[]) ORDER BY j.event_key`, [OLD_IDS])).rows.map((r) => r.event_key),
    effects: (await db.query<{ effect_key: string }>(
      `SELECT effect_key FROM webhook_effects WHERE event_id = ANY($1::text[])`, [OLD_IDS])).rows.map((r) => r.effect_key),
    oldIndexes: (await db.query<{ name: string }>(
      `SELECT relname AS name FROM pg_class WHERE relname IN ('webhook_events_by_id', 'webhook_effects_by_id') AND relnamespace = current_schema()::regnamespace`)).rows,
    payments: (await db.query<{ payment_key: string; payment_id: string; version: string }>(
      `SELECT payment_key, payment_id, version::text FROM payment_states ORDER BY version`)).rows,
    applied: (await db.query<{ payment_key: string; version: string }>(
      `SELECT payment_key, version::text FROM payment_applied ORDER BY seq`)).rows,
  });

  const migrated = {
    events: [
      { event_key: digestKey(COMPLETED), event_id: COMPLETED },
      { event_key: 'evt_fault#retry', event_id: 'evt_fault' },
      { event_key: digestKey(QUEUED), event_id: QUEUED },
    ],
    jobs: [digestKey(QUEUED), 'evt_fault#retry'].sort(),
    effects: [digestKey(COMPLETED)],
    oldIndexes: [],
    payments: [
      { payment_key: digestKey(storageKey(PAID_TWICE)), payment_id: storageKey(PAID_TWICE), version: '2' },
      { payment_key: digestKey(PAID_ONCE), payment_id: PAID_ONCE, version: '5' },
    ],
    applied: [
      { payment_key: digestKey(storageKey(PAID_TWICE)), version: '1' },
      { payment_key: digestKey(PAID_ONCE), version: '5' },
      { payment_key: digestKey(storageKey(PAID_TWICE)), version: '2' },
    ],
  };

  it.skipIf(skip)('rekeys events, jobs, effects and payments to digests, keeps each payment id, and drops the btree indexes on the id', async () => {
    expect(await keysOf(store)).toEqual(migrated);
  });

  it.skipIf(skip)('changes nothing when applied again at the next start', async () => {
    await store.close();
    store = await openStore(options);
    expect(await keysOf(store)).toEqual(migrated);
  });

  it.skipIf(skip)('keeps an event recorded before the upgrade a duplicate after it, and takes a long id', async () => {
    const row = (id: string) => eventRow({ id, type: 'payment.succeeded' }, Buffer.from('{}'), new Set());
    const long = randomBytes(6_000).toString('base64url');
    expect(await insertEvents(store, [row('evt_done_\u0000_é_😀'), row('evt_queued'), row(long)])).toEqual(['duplicate', 'duplicate', 'recorded']);
  });

  it.skipIf(skip)('shows a payment set before the upgrade through the probe, applies its next version to the same state, and takes a long payment id', async () => {
    expect(await probePayment(store, PAID_TWICE)).toEqual({ version: 2, status: 'succeeded', applied: [1, 2] });
    expect(await probePayment(store, PAID_ONCE)).toEqual({ version: 5, status: 'succeeded', applied: [5] });
    const apply = (paymentId: string, version: number) => store.transaction((tx) =>
      applyVersion(tx, { paymentId, version, status: 'succeeded', eventId: `evt_${version}` }, new Set()));
    expect([await apply(PAID_TWICE, 2), await apply(PAID_TWICE, 3)]).toEqual([false, true]);
    expect(await probePayment(store, PAID_TWICE)).toEqual({ version: 3, status: 'succeeded', applied: [1, 2, 3] });
    const states = await store.query(`SELECT 1 FROM payment_states WHERE payment_id = $1`, [storageKey(PAID_TWICE)]);
    expect(states.rowCount).toBe(1);
    const long = randomBytes(6_000).toString('base64url');
    expect(await apply(long, 1)).toBe(true);
    expect(await probePayment(store, long)).toEqual({ version: 1, status: 'succeeded', applied: [1] });
  });

  it.skipIf(skip)('hashes a storage key in SQL exactly as digestKey does', async () => {
    for (const key of [COMPLETED, QUEUED, storageKey('\ud800 lone surrogate'), 'ascii']) {
      const { rows } = await store.query<{ digest: string }>(`SELECT encode(sha256(convert_to($1, 'UTF8')), 'hex') AS digest`, [key]);
      expect(rows[0]?.digest, key).toBe(digestKey(key));
    }
  });
});
