import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync, existsSync, utimesSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { DEAD_LETTER_SCHEMA, newDeliveryId, parseEntry, type DeadLetterEntry } from './dead-letter-entry.ts';
import { DeadLetterStore } from './dead-letter-store.ts';
import { LockTimeoutError, withFileLock } from './file-lock.ts';

const run = promisify(execFile);

function tempFile(): string {
  return join(mkdtempSync(join(tmpdir(), 'wirecheck-dl-')), 'nested', 'dead-letters.jsonl');
}

function entry(body: Buffer | string = '{"id":"evt_1"}'): DeadLetterEntry {
  return {
    schema: DEAD_LETTER_SCHEMA, deliveryId: newDeliveryId(), url: 'http://127.0.0.1:9/webhooks/payments', eventId: 'evt_1',
    body: Buffer.from(body).toString('base64'),
    attempts: [{ attempt: 1, startedAt: new Date(0).toISOString(), durationMs: 1, status: 503, verdict: 'retry' }],
    exhaustedAt: new Date(0).toISOString(),
  };
}

describe('DeadLetterStore', () => {
  it('lists nothing when the file (or its directory) does not exist', async () => {
    expect(await new DeadLetterStore(tempFile()).list()).toEqual({ entries: [], corrupt: [] });
    expect(await new DeadLetterStore(tempFile()).remove(newDeliveryId())).toBe(false);
  });

  it('appends, lists in order, updates and removes entries', async () => {
    const store = new DeadLetterStore(tempFile());
    const [a, b, c] = [entry('a'), entry('b'), entry('c')];
    for (const e of [a, b, c]) await store.append(e);
    expect((await store.list()).entries.map((e) => e.deliveryId)).toEqual([a.deliveryId, b.deliveryId, c.deliveryId]);
    expect(await store.update(b.deliveryId, (e) => ({ ...e, replays: [{ at: 'now', url: e.url, outcome: 'exhausted', attempts: [] }] }))).toBe(true);
    expect(await store.remove(a.deliveryId)).toBe(true);
    expect(await store.remove(a.deliveryId)).toBe(false);
    const { entries } = await store.list();
    expect(entries.map((e) => e.deliveryId)).toEqual([b.deliveryId, c.deliveryId]);
    expect(entries[0]?.replays).toHaveLength(1);
    expect(existsSync(`${store.file}.lock`), 'the lock is released').toBe(false);
  });

  it('reports a corrupt line with its number, keeps reading, and keeps the line through a rewrite', async () => {
    const store = new DeadLetterStore(tempFile());
    const [a, b] = [entry('a'), entry('b')];
    await store.append(a);
    writeFileSync(store.file, `${readFileSync(store.file, 'utf8')}{"half a line\n\n{"schema":"other"}\n`, { flag: 'w' });
    await store.append(b);
    const listing = await store.list();
    expect(listing.entries.map((e) => e.deliveryId)).toEqual([a.deliveryId, b.deliveryId]);
    expect(listing.corrupt.map((c) => c.line)).toEqual([2, 4]);
    expect(listing.corrupt[1]?.problem).toContain('schema');
    await store.remove(a.deliveryId);
    expect(readFileSync(store.file, 'utf8')).toContain('{"half a line');
    expect((await store.list()).corrupt).toHaveLength(2);
  });

  it('keeps every line whole under concurrent appends in one process', async () => {
    const store = new DeadLetterStore(tempFile());
    const entries = Array.from({ length: 40 }, (_, i) => entry(Buffer.alloc(40_000 + i, i)));
    await Promise.all(entries.map((e) => store.append(e)));
    const listing = await store.list();
    expect(listing.corrupt).toEqual([]);
    expect(new Set(listing.entries.map((e) => e.deliveryId))).toEqual(new Set(entries.map((e) => e.deliveryId)));
  });

  it('keeps every line whole under concurrent appends from several processes', async () => {
    const file = tempFile();
    const script = `
      const { DeadLetterStore } = await import(${JSON.stringify(join(import.meta.dirname, 'dead-letter-store.ts'))});
      const { DEAD_LETTER_SCHEMA, newDeliveryId } = await import(${JSON.stringify(join(import.meta.dirname, 'dead-letter-entry.ts'))});
      const store = new DeadLetterStore(${JSON.stringify(file)});
      await Promise.all(Array.from({ length: 10 }, () => store.append({ schema: DEAD_LETTER_SCHEMA, deliveryId: newDeliveryId(), url: 'http://h/',
        eventId: null, body: Buffer.alloc(100000, 7).toString('base64'), attempts: [], exhaustedAt: new Date().toISOString() })));`;
    const args = ['--import', import.meta.resolve('tsx'), '--input-type=module', '-e', script];
    await Promise.all(Array.from({ length: 4 }, () => run(process.execPath, args, { timeout: 30_000 })));
    const listing = await new DeadLetterStore(file).list();
    expect(listing.corrupt).toEqual([]);
    expect(listing.entries).toHaveLength(40);
  }, 30_000);

  it('takes over a lock left by a crashed process once it is stale, and gives up on a live one', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'wirecheck-dl-')), 'dead-letters.jsonl');
    writeFileSync(`${file}.lock`, '99999');
    await expect(withFileLock(file, async () => 'late', { timeoutMs: 100, staleMs: 60_000 })).rejects.toThrow(LockTimeoutError);
    utimesSync(`${file}.lock`, new Date(0), new Date(0));
    await expect(withFileLock(file, async () => 'taken', { timeoutMs: 2000, staleMs: 1000 })).resolves.toBe('taken');
  });
});

describe('parseEntry', () => {
  it('accepts an entry and refuses lines that are not one, saying why', () => {
    const e = entry();
    expect(parseEntry(JSON.stringify(e))).toEqual(e);
    expect(() => parseEntry('[]')).toThrow('not a JSON object');
    expect(() => parseEntry(JSON.stringify({ ...e, deliveryId: 'x' }))).toThrow('deliveryId');
    expect(() => parseEntry(JSON.stringify({ ...e, body: '%%' }))).toThrow('base64');
    expect(() => parseEntry('{')).toThrow();
  });
});
