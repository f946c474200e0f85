import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { signatureOf } from '../sign.ts';
import { DeadLetterStore } from './dead-letter-store.ts';
import { deliver } from './deliver.ts';
import { replayEntries } from './replay.ts';
import { scriptedReceiver, type ScriptedReceiver } from './testing/scripted-receiver.ts';

const SECRET = 'replay-secret-abcdef';
const receivers: ScriptedReceiver[] = [];
afterEach(async () => {
  await Promise.all(receivers.splice(0).map((r) => r.close()));
});

async function exhaustedStore(bodies: readonly string[]): Promise<DeadLetterStore> {
  const down = await scriptedReceiver([503]);
  receivers.push(down);
  const file = join(mkdtempSync(join(tmpdir(), 'wirecheck-replay-')), 'dl.jsonl');
  for (const body of bodies) {
    await deliver({ url: down.url, secret: SECRET, body: Buffer.from(body), maxAttempts: 1, deadLetterFile: file });
  }
  return new DeadLetterStore(file);
}

describe('replayEntries', () => {
  it('re-signs the exact bytes, removes delivered entries and keeps the others with the replay recorded', async () => {
    const store = await exhaustedStore(['{"id":"a"}', '{"id":"b"}']);
    const { entries } = await store.list();
    const receiver = await scriptedReceiver([202, 503]);
    receivers.push(receiver);
    const results = await replayEntries(store, entries, { secret: SECRET, url: receiver.url, maxAttempts: 1 });
    expect(results.map((r) => [r.result.outcome, r.removed])).toEqual([['delivered', true], ['exhausted', false]]);
    expect(receiver.requests[0]?.body.toString()).toBe('{"id":"a"}');
    expect(receiver.requests[0]?.headers['x-webhook-signature']).toBe(signatureOf(SECRET, '{"id":"a"}'));
    const left = (await store.list()).entries;
    expect(left.map((e) => e.eventId)).toEqual(['b']);
    expect(left[0]?.replays).toEqual([expect.objectContaining({ url: receiver.url, outcome: 'exhausted', attempts: [expect.objectContaining({ status: 503 })] })]);
  });
});
