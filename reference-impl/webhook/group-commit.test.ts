// Group commit: concurrent deliveries share a transaction and each gets its own
// verdict: a database that is down fails every delivery of the group, a row the
// database refuses fails that delivery alone (issue 17, finding 6).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseUrl, dropSchema, postgresSkipReason, uniqueSchemaName } from '../../test/testing/postgres.ts';
import { openStore } from '../store/open-store.ts';
import { StoreUnavailableError, type SqlStore } from '../store/sql-store.ts';
import { eventRow } from './event-repository.ts';
import { GroupCommitter, RecordRefusedError } from './group-commit.ts';

const row = (id: string) => eventRow({ id, type: 'payment.succeeded' }, Buffer.from(`{"id":"${id}"}`), new Set());

const adapters = [
  { name: 'pglite', skip: undefined as string | undefined },
  { name: 'postgres', skip: postgresSkipReason() },
];

describe.each(adapters)('GroupCommitter on $name', ({ name, skip }) => {
  let store: SqlStore;
  const schema = uniqueSchemaName('wgroup');
  const dataDir = mkdtempSync(join(tmpdir(), 'wirecheck-group-'));
  beforeAll(async () => {
    if (!skip) store = await openStore(name === 'postgres' ? { databaseUrl, schema } : { dataDir });
  });
  afterAll(async () => {
    if (!skip) await store.close();
    if (name === 'postgres') await dropSchema(schema);
    rmSync(dataDir, { recursive: true, force: true });
  });

  it.skipIf(skip)('records one of many concurrent deliveries of one id, and reports the rest as duplicates', async () => {
    const committer = new GroupCommitter(store);
    const outcomes = await Promise.all(Array.from({ length: 50 }, () => committer.record(row('same'))));
    expect(outcomes.filter((o) => o === 'recorded')).toHaveLength(1);
    const { rows } = await store.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM webhook_jobs JOIN webhook_events USING (provider, event_key) WHERE event_id = 'same'`);
    expect(rows[0]?.n).toBe(1);
  });

  it.skipIf(skip)('records every distinct delivery, also across more groups than one', async () => {
    const committer = new GroupCommitter(store, 7);
    const ids = Array.from({ length: 40 }, (_, i) => `distinct-${i}`);
    const outcomes = await Promise.all(ids.map((id) => committer.record(row(id))));
    expect(new Set(outcomes)).toEqual(new Set(['recorded']));
    expect(await Promise.all(ids.map((id) => committer.record(row(id))))).toEqual(ids.map(() => 'duplicate'));
  });

  it.skipIf(skip)('fails every delivery of a group whose commit fails, and acknowledges none', async () => {
    let statements = 0;
    const fail = () => { statements += 1; return Promise.reject(new StoreUnavailableError('down')); };
    const down: SqlStore = { ...store, query: fail, transaction: fail };
    const committer = new GroupCommitter(down);
    const results = await Promise.allSettled([committer.record(row('lost-1')), committer.record(row('lost-2'))]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    // Not retried row by row: against a database that is down, each retry would only wait out its timeout again.
    expect(statements).toBe(1);
  });

  it.skipIf(skip)('fails only the delivery whose row the database refuses; every other delivery of its group is recorded', async () => {
    // A real statement failure: a constraint this test adds refuses one id, as the
    // btree entry limit once refused a long one and failed the whole group with it.
    await store.query(`ALTER TABLE webhook_events ADD CONSTRAINT test_poisoned_row CHECK (event_id <> 'poisoned')`);
    try {
      const committer = new GroupCommitter(store);
      const ids = ['neighbour-1', 'neighbour-2', 'poisoned', 'neighbour-3', 'neighbour-4', 'neighbour-5'];
      // Recorded in one turn of the event loop: one group, one statement.
      const results = await Promise.allSettled(ids.map((id) => committer.record(row(id))));
      expect(results.map((r) => r.status)).toEqual(['fulfilled', 'fulfilled', 'rejected', 'fulfilled', 'fulfilled', 'fulfilled']);
      // Its error names the refusal without pg's detail, which holds the failing row, raw body included.
      const reason = (results[2] as PromiseRejectedResult).reason as Error;
      expect(reason).toBeInstanceOf(RecordRefusedError);
      expect(reason.message).toContain('test_poisoned_row');
      expect(JSON.stringify(reason)).not.toContain(Buffer.from('{"id":"poisoned"}').toString('hex'));
      expect(reason.message).not.toContain('Failing row');
      expect(results.filter((r) => r.status === 'fulfilled').map((r) => r.value)).toEqual(ids.filter((id) => id !== 'poisoned').map(() => 'recorded'));
      const { rows } = await store.query<{ event_id: string }>(
        `SELECT event_id FROM webhook_events JOIN webhook_jobs USING (provider, event_key) WHERE event_id = ANY($1::text[]) ORDER BY event_id`, [ids]);
      expect(rows.map((r) => r.event_id)).toEqual(ids.filter((id) => id !== 'poisoned').sort());
    } finally {
      await store.query(`ALTER TABLE webhook_events DROP CONSTRAINT test_poisoned_row`);
    }
  });
});
