// The scripted receiver over real sockets: answers in script order (the last repeating),
// a reset, no answer until the client gives up, and each attempt's bytes and end recorded.
import { afterEach, describe, expect, it } from 'vitest';
import { ScriptedReceiver } from './scripted-receiver.ts';

let receiver: ScriptedReceiver | undefined;
afterEach(async () => { await receiver?.close(); });

const post = (url: string, body: string, signal?: AbortSignal) =>
  fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', 'x-webhook-signature': 'ab'.repeat(32) }, body, ...(signal ? { signal } : {}) });

describe('ScriptedReceiver', () => {
  it('answers each attempt from its scenario\'s script, the last answer repeating, and records it', async () => {
    receiver = await ScriptedReceiver.start();
    const url = receiver.script('s1', [503, 202]);
    const statuses = [];
    for (let i = 0; i < 3; i++) statuses.push((await post(url, `{"n":${i}}`)).status);
    expect(statuses).toEqual([503, 202, 202]);
    const attempts = receiver.attempts('s1');
    expect(attempts.map((a) => [a.n, a.answer, a.method, a.body?.toString()])).toEqual([[1, 503, 'POST', '{"n":0}'], [2, 202, 'POST', '{"n":1}'], [3, 202, 'POST', '{"n":2}']]);
    expect(attempts.every((a) => a.endedAt !== undefined && a.endedAt >= a.arrivedAt)).toBe(true);
    expect(attempts[0]?.headers['x-webhook-signature']).toBe('ab'.repeat(32));
    expect(receiver.idle('s1')).toBe(true);
  });

  it('resets the connection, or never answers until the client gives up', async () => {
    receiver = await ScriptedReceiver.start();
    const reset = receiver.script('reset', ['reset']);
    await expect(post(reset, '{}')).rejects.toThrow();
    const silent = receiver.script('silent', ['no-answer']);
    await expect(post(silent, '{}', AbortSignal.timeout(200))).rejects.toThrow();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(receiver.attempts('reset')[0]?.endedAt).toBeDefined();
    const [attempt] = receiver.attempts('silent');
    expect(attempt?.endedAt, 'the attempt ends when the client closes it').toBeDefined();
    expect((attempt?.endedAt ?? 0) - (attempt?.arrivedAt ?? 0)).toBeGreaterThanOrEqual(150);
  });

  it('answers 404 to a path that is no scenario\'s, and says so', async () => {
    receiver = await ScriptedReceiver.start();
    receiver.script('known', [202]);
    expect((await post(`${receiver.origin}/other/webhooks/payments`, '{}')).status).toBe(404);
    expect(receiver.strays).toEqual(['POST /other/webhooks/payments']);
    expect(receiver.attempts('known')).toEqual([]);
  });
});
