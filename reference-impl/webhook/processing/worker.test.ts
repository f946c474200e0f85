// The worker against a real store (PGlite; PostgreSQL too when DATABASE_URL is set):
// exactly one effect per event, the version guard, bounded retries, and a claim
// that expired mid-work never completing twice.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { databaseUrl, dropSchema, postgresSkipReason, uniqueSchemaName } from '../../../test/testing/postgres.ts';
import { openStore } from '../../store/open-store.ts';
import type { SqlStore } from '../../store/sql-store.ts';
import { recordEvent } from '../event-repository.ts';
import type { WebhookFault } from '../faults.ts';
import { createMetrics } from '../metrics.ts';
import { probeEvent, probePayment } from '../probe.ts';
import { claimNextJob } from './job-queue.ts';
import { startWorker, type Worker, type WorkerOptions } from './worker.ts';

const quiet = pino({ level: 'silent' });
const fast: WorkerOptions = { concurrency: 2, pollMs: 10, leaseMs: 300, maxAttempts: 3, retryBaseMs: 10 };

const adapters = [
  { name: 'pglite', skip: undefined as string | undefined },
  { name: 'postgres', skip: postgresSkipReason() },
];

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, ms = 15_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe.each(adapters)('worker on $name', ({ name, skip }) => {
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  async function setup(faults: WebhookFault[] = [], options: WorkerOptions = fast): Promise<{ store: SqlStore; worker: Worker; record: (event: object) => Promise<void> }> {
    const schema = uniqueSchemaName();
    const dataDir = mkdtempSync(join(tmpdir(), 'wirecheck-worker-'));
    const store = await openStore(name === 'postgres' ? { databaseUrl, schema } : { dataDir });
    const faultSet = new Set(faults);
    const worker = startWorker({ store, metrics: createMetrics(store), logger: quiet, faults: faultSet, options });
    cleanups.push(async () => {
      await worker.stop();
      await store.close();
      if (name === 'postgres') await dropSchema(schema);
      rmSync(dataDir, { recursive: true, force: true });
    });
    const record = async (event: object) => {
      const raw = Buffer.from(JSON.stringify(event));
      await recordEvent(store, event as { id: string; type: string }, raw, faultSet);
      worker.nudge();
    };
    return { store, worker, record };
  }

  const event = (id: string, paymentId: string, version?: number) => ({
    id, type: 'payment.succeeded', createdAt: '2026-11-21T10:00:00.000Z', data: { paymentId, amount: 1, currency: 'EUR', ...(version === undefined ? {} : { version }) },
  });

  it.skipIf(skip)('completes each accepted event with exactly one effect and applies its version', async () => {
    const { store, record } = await setup();
    await record(event('e1', 'p1', 3));
    const probe = await until(() => probeEvent(store, 'e1'), (p) => p?.status === 'completed');
    expect(probe).toEqual({ records: 1, status: 'completed', effects: 1 });
    expect(await probePayment(store, 'p1')).toEqual({ version: 3, status: 'succeeded', applied: [3] });
  });

  it.skipIf(skip)('ignores an older or equal version, still completing the event once', async () => {
    const { store, record } = await setup();
    await record(event('new', 'p2', 5));
    await until(() => probeEvent(store, 'new'), (p) => p?.status === 'completed');
    await record(event('old', 'p2', 4));
    await record(event('same', 'p2', 5));
    await until(() => probeEvent(store, 'same'), (p) => p?.status === 'completed');
    await until(() => probeEvent(store, 'old'), (p) => p?.status === 'completed');
    expect(await probeEvent(store, 'old')).toEqual({ records: 1, status: 'completed', effects: 1 });
    expect(await probePayment(store, 'p2')).toEqual({ version: 5, status: 'succeeded', applied: [5] });
  });

  it.skipIf(skip)('uses the epoch milliseconds of createdAt when data.version is absent', async () => {
    const { store, record } = await setup();
    await record(event('no-version', 'p3'));
    await until(() => probeEvent(store, 'no-version'), (p) => p?.status === 'completed');
    expect((await probePayment(store, 'p3'))?.version).toBe(Date.parse('2026-11-21T10:00:00.000Z'));
  });

  it.skipIf(skip)('retries a failing business action, then marks the record failed with no effect', async () => {
    const { store, record } = await setup();
    await record({ id: 'poison', type: 'payment.succeeded', createdAt: 'x', data: {} });
    const probe = await until(() => probeEvent(store, 'poison'), (p) => p?.status === 'failed');
    expect(probe).toEqual({ records: 1, status: 'failed', effects: 0 });
    const { rows } = await store.query(`SELECT 1 FROM webhook_jobs`);
    expect(rows).toHaveLength(0);
  });

  it.skipIf(skip)('lets a second worker finish a job whose claim expired, once', async () => {
    const { store, record, worker } = await setup();
    await worker.stop();
    await record(event('crashy', 'p4', 1));
    // A worker that claims and then "crashes": its claim expires after leaseMs.
    const stale = await claimNextJob(store, 200);
    expect(stale?.eventId).toBe('crashy');
    const second = startWorker({ store, metrics: createMetrics(store), logger: quiet, faults: new Set(), options: fast });
    cleanups.push(() => second.stop());
    const probe = await until(() => probeEvent(store, 'crashy'), (p) => p?.status === 'completed');
    expect(probe).toEqual({ records: 1, status: 'completed', effects: 1 });
  });

  it.skipIf(skip)('processes many events with several workers: one effect each', async () => {
    const { store, record } = await setup([], { ...fast, concurrency: 4 });
    const ids = Array.from({ length: 60 }, (_, i) => `many-${i}`);
    await Promise.all(ids.map((id, i) => record(event(id, `pm-${i % 5}`, i))));
    for (const id of ids) {
      expect(await until(() => probeEvent(store, id), (p) => p?.status === 'completed'), id).toEqual({ records: 1, status: 'completed', effects: 1 });
    }
    for (let p = 0; p < 5; p++) {
      const state = await probePayment(store, `pm-${p}`);
      const applied = state?.applied ?? [];
      expect([...applied].sort((a, b) => a - b), `pm-${p} applied in increasing order`).toEqual(applied);
      expect(state?.version).toBe(Math.max(...ids.map((_, i) => i).filter((i) => i % 5 === p)));
    }
  });
});
