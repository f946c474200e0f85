import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseUrl, dropSchema, postgresSkipReason, uniqueSchemaName } from '../../test/testing/postgres.ts';
import { defaultDataDir, openStore } from './open-store.ts';
import type { SqlStore } from './sql-store.ts';
import { storageKey } from './storage-key.ts';

// The same behaviour is required of both adapters, so the same tests run on each.
const adapters = [
  { name: 'pglite', skip: undefined as string | undefined },
  { name: 'postgres', skip: postgresSkipReason() },
];

describe.each(adapters)('store on $name', ({ name, skip }) => {
  let store: SqlStore;
  const schema = uniqueSchemaName();
  const dataDir = mkdtempSync(join(tmpdir(), 'wirecheck-store-test-'));

  beforeAll(async () => {
    if (skip) return;
    store = await openStore(name === 'postgres' ? { databaseUrl, schema } : { dataDir });
  });
  afterAll(async () => {
    if (skip) return;
    await store.close();
    if (name === 'postgres') await dropSchema(schema);
    rmSync(dataDir, { recursive: true, force: true });
  });

  it.skipIf(skip)('applies the schema and reports its kind', async () => {
    expect(store.kind).toBe(name);
    const { rows } = await store.query<{ n: number }>('SELECT count(*)::int AS n FROM webhook_events');
    expect(rows[0]?.n).toBe(0);
  });

  it.skipIf(skip)('enforces event uniqueness in the database: ON CONFLICT inserts once', async () => {
    const insert = `INSERT INTO webhook_events (provider, event_key, event_id, event_type, raw_body)
                    VALUES ('p', $1, $1, 't', $2) ON CONFLICT DO NOTHING`;
    const first = await store.query(insert, ['evt_unique', Buffer.from('{}')]);
    const second = await store.query(insert, ['evt_unique', Buffer.from('{}')]);
    expect([first.rowCount, second.rowCount]).toEqual([1, 0]);
  });

  it.skipIf(skip)('rolls a transaction back when its function throws', async () => {
    await expect(store.transaction(async (tx) => {
      await tx.query(`INSERT INTO webhook_events (provider, event_key, event_id, event_type, raw_body) VALUES ('p', 'evt_rb', 'evt_rb', 't', '\\x00')`);
      throw new Error('boom');
    })).rejects.toThrow('boom');
    const { rows } = await store.query(`SELECT 1 FROM webhook_events WHERE event_key = 'evt_rb'`);
    expect(rows).toHaveLength(0);
  });

  it.skipIf(skip)('stores keys of ids that PostgreSQL text cannot hold, distinctly', async () => {
    const ids = ['a\u0000b', '\ud800', '\ud801', 'plain'];
    for (const id of ids) {
      await store.query(`INSERT INTO webhook_events (provider, event_key, event_id, event_type, raw_body) VALUES ('k', $1, $1, 't', '\\x00')`, [storageKey(id)]);
    }
    const { rows } = await store.query<{ n: number }>(`SELECT count(*)::int AS n FROM webhook_events WHERE provider = 'k'`);
    expect(rows[0]?.n).toBe(ids.length);
  });
});

describe('embedded store durability', () => {
  it('keeps committed rows across a close and reopen of the same data directory', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'wirecheck-store-durable-'));
    try {
      const first = await openStore({ dataDir });
      await first.query(`INSERT INTO webhook_events (provider, event_key, event_id, event_type, raw_body) VALUES ('p', 'kept', 'kept', 't', '\\x00')`);
      await first.close();
      const second = await openStore({ dataDir });
      const { rows } = await second.query(`SELECT event_key FROM webhook_events`);
      await second.close();
      expect(rows).toEqual([{ event_key: 'kept' }]);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe('defaultDataDir', () => {
  it('is a fresh, empty directory under the OS temp dir, a new one each time', () => {
    const [a, b] = [defaultDataDir(), defaultDataDir()];
    try {
      expect(a.startsWith(join(tmpdir(), 'wirecheck-data-'))).toBe(true);
      expect(a).not.toBe(b);
      expect(readdirSync(a)).toEqual([]);
    } finally {
      for (const dir of [a, b]) rmSync(dir, { recursive: true, force: true });
    }
  });
});
