import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { signatureOf } from '../sign.ts';
import { deliver, type DeliverOptions } from './deliver.ts';
import { MAX_KEPT_BODY } from './post-once.ts';
import { scriptedReceiver, type ScriptedAnswer, type ScriptedReceiver } from './testing/scripted-receiver.ts';

const SECRET = 'unit-test-secret-0123456789';
const BODY = Buffer.from('{\n  "id": "evt_unit",\n  "type": "payment.succeeded"\n}\n');
let receiver: ScriptedReceiver | undefined;

afterEach(async () => {
  vi.useRealTimers();
  await receiver?.close();
  receiver = undefined;
});

function deadLetterPath(): string {
  return join(mkdtempSync(join(tmpdir(), 'wirecheck-deliver-')), 'dl.jsonl');
}

async function send(script: readonly ScriptedAnswer[], options: Partial<DeliverOptions> = {}) {
  receiver = await scriptedReceiver(script);
  const sleeps: number[] = [];
  const result = await deliver({
    url: receiver.url, secret: SECRET, body: BODY, deadLetterFile: deadLetterPath(),
    sleep: async (ms) => { sleeps.push(ms); }, ...options,
  });
  return { result, sleeps, requests: receiver.requests };
}

describe('deliver', () => {
  it('signs and sends the exact bytes as application/json, and stops at a 2xx', async () => {
    const { result, sleeps, requests } = await send([202]);
    expect(result.outcome).toBe('delivered');
    expect(result.response?.status).toBe(202);
    expect(sleeps).toEqual([]);
    expect(requests[0]?.body.equals(BODY)).toBe(true);
    expect(requests[0]?.headers['content-type']).toBe('application/json');
    expect(requests[0]?.headers['x-webhook-signature']).toBe(signatureOf(SECRET, BODY));
  });

  it('retries a real connection reset and a real timeout, and records why', async () => {
    // 1 s: long enough that a loaded machine still sees the reset as a reset, not a timeout.
    const { result, sleeps } = await send(['reset', 'hang', 202], { timeoutMs: 1_000 });
    expect(result.attempts.map((a) => a.error?.split(':')[0] ?? a.status)).toEqual(['ECONNRESET', 'TIMEOUT', 202]);
    expect(sleeps).toEqual([250, 500]);
  });

  it('stops at once at a 4xx and writes no dead letter', async () => {
    const file = deadLetterPath();
    const { result, requests } = await send([422, 202], { deadLetterFile: file });
    expect(result).toMatchObject({ outcome: 'rejected', response: { status: 422 } });
    expect(result.deadLetter).toBeUndefined();
    expect(requests).toHaveLength(1);
    expect(existsSync(file)).toBe(false);
  });

  it('when exhausted, returns the last answer and writes a dead letter without secret or signature', async () => {
    const file = deadLetterPath();
    const { result, sleeps } = await send([503], { deadLetterFile: file });
    expect(result.outcome).toBe('exhausted');
    expect(JSON.parse(result.response?.body.toString() ?? '')).toEqual({ status: 503, attempt: 4 });
    expect(sleeps).toEqual([250, 500, 1000]);
    expect(result.attempts.map((a) => a.delayAfterMs)).toEqual([250, 500, 1000, undefined]);
    const text = readFileSync(file, 'utf8');
    expect(JSON.parse(text)).toMatchObject({ deliveryId: result.deadLetter?.deliveryId, eventId: 'evt_unit', body: BODY.toString('base64') });
    expect(text).not.toContain(SECRET);
    expect(text).not.toContain(signatureOf(SECRET, BODY));
  });

  it('writes nothing with deadLetterFile null', async () => {
    const { result } = await send([503], { deadLetterFile: null, maxAttempts: 2 });
    expect(result.outcome).toBe('exhausted');
    expect(result.deadLetter).toBeUndefined();
  });

  it('jitters only when asked, within [d/2, d]', async () => {
    expect((await send([503], { jitter: true, random: () => 0, deadLetterFile: null })).sleeps).toEqual([125, 250, 500]);
  });

  it('keeps at most 64 KiB of an answer body', async () => {
    receiver = await scriptedReceiver([200], { body: () => 'x'.repeat(MAX_KEPT_BODY + 1000) });
    const result = await deliver({ url: receiver.url, secret: SECRET, body: BODY, deadLetterFile: null });
    expect(result.response?.body.length).toBe(MAX_KEPT_BODY);
  });

  it('refuses bad options, all of them at once', async () => {
    await expect(deliver({ url: 'ftp://h', secret: '', body: BODY, maxAttempts: 0, timeoutMs: 1.5 })).rejects.toThrow(
      /must be an http.*secret must not be empty.*maxAttempts must be an integer from 1 to 100.*timeoutMs must be an integer/,
    );
  });

  it('by default really waits: no second attempt before 250 ms have passed (fake timers)', async () => {
    receiver = await scriptedReceiver([503, 202]);
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const requests = receiver.requests;
    const pending = deliver({ url: receiver.url, secret: SECRET, body: BODY, deadLetterFile: null });
    await until(() => requests.length === 1 && vi.getTimerCount() === 1);
    await vi.advanceTimersByTimeAsync(249);
    await until(() => requests.length === 2, 100);
    expect(requests, 'no attempt before the 250 ms delay is over').toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect((await pending).outcome).toBe('delivered');
    expect(requests).toHaveLength(2);
  });
});

/** Spins on real I/O (setImmediate is not faked) until `condition` holds or `ms` real milliseconds pass. */
async function until(condition: () => boolean, ms = 2000): Promise<void> {
  const end = performance.now() + ms;
  while (!condition() && performance.now() < end) await new Promise((done) => setImmediate(done));
}
