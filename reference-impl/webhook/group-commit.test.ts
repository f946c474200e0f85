// Group commit: concurrent deliveries share a transaction, each gets its own verdict,
// and a failed commit fails every delivery in the group.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStore } from '../store/open-store.ts';
import { StoreUnavailableError, type SqlStore } from '../store/sql-store.ts';
import { eventRow } from './event-repository.ts';
import { GroupCommitter } from './group-commit.ts';

const row = (id: string) => eventRow({ id, type: 'payment.succeeded' }, Buffer.from(`{"id":"${id}"}`), new Set());

describe('GroupCommitter', () => {
  let store: SqlStore;
  const dataDir = mkdtempSync(join(tmpdir(), 'wirecheck-group-'));
  beforeAll(async () => { store = await openStore({ dataDir }); });
  afterAll(async () => {
    await store.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('records one of many concurrent deliveries of one id, and reports the rest as duplicates', async () => {
    const committer = new GroupCommitter(store);
    const outcomes = await Promise.all(Array.from({ length: 50 }, () => committer.record(row('same'))));
    expect(outcomes.filter((o) => o === 'recorded')).toHaveLength(1);
    const { rows } = await store.query<{ n: number }>(`SELECT count(*)::int AS n FROM webhook_jobs WHERE event_key = 'same'`);
    expect(rows[0]?.n).toBe(1);
  });

  it('records every distinct delivery, also across more groups than one', async () => {
    const committer = new GroupCommitter(store, 7);
    const ids = Array.from({ length: 40 }, (_, i) => `distinct-${i}`);
    const outcomes = await Promise.all(ids.map((id) => committer.record(row(id))));
    expect(new Set(outcomes)).toEqual(new Set(['recorded']));
    expect(await Promise.all(ids.map((id) => committer.record(row(id))))).toEqual(ids.map(() => 'duplicate'));
  });

  it('fails every delivery of a group whose commit fails, and acknowledges none', async () => {
    const fail = () => Promise.reject(new StoreUnavailableError('down'));
    const down: SqlStore = { ...store, query: fail, transaction: fail };
    const committer = new GroupCommitter(down);
    const results = await Promise.allSettled([committer.record(row('lost-1')), committer.record(row('lost-2'))]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected']);
  });
});
