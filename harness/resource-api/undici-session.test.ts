// The undici session (the resource API as a keep-alive user sees it) within the response
// budget, against a real local server that floods: an endless chunked body, or a head
// declaring 2 GiB. Each call ends in an answer naming the budget, the connection is
// dropped, and this process keeps no more than a few MiB of what was sent.
import { afterEach, describe, expect, it } from 'vitest';
import type { CheckContext } from '../checks/check.ts';
import { Redactor, Transcript } from '../http/index.ts';
import { FLOODS, startFloodServer, type FloodOptions, type FloodServer } from '../http/testing/flood-server.ts';
import { measurePeakRss } from '../http/testing/peak-rss.ts';
import type { ResourceApiTarget } from './resource-api-target.ts';
import { clientSession, poolSession, type UndiciSession } from './undici-session.ts';

const MiB = 1024 * 1024;
const RSS_BOUND = 100 * MiB;

let server: FloodServer | undefined;
let session: UndiciSession | undefined;
afterEach(async () => {
  await session?.close();
  await server?.close();
  session = undefined;
  server = undefined;
});

function contextOf(baseUrl: string): CheckContext {
  const target: ResourceApiTarget = { system: 'resource-api', kind: 'external', baseUrl, capabilities: [], token: 'token-1234', userId: 'u', otherUserId: 'o' };
  return { check: { id: 'RA-PREF-02' }, target, transcript: new Transcript(new Redactor()) } as unknown as CheckContext;
}

describe('UndiciSession within the response budget', () => {
  it.each([
    ['one keep-alive connection', 'an endless chunked body', FLOODS.chunked, (ctx: CheckContext) => clientSession(ctx, 1), /was larger than 4 MiB \(--max-response-bytes\); the connection was dropped$/],
    ['a pool', 'an endless chunked body', FLOODS.chunked, (ctx: CheckContext) => poolSession(ctx, 2, 1), /was larger than 4 MiB \(--max-response-bytes\); the connection was dropped$/],
    ['one keep-alive connection', 'a head declaring 2 GiB, then silence', FLOODS.hugeLengthSilent, (ctx: CheckContext) => clientSession(ctx, 1), /declares Content-Length: 2147483648, larger than 4 MiB \(--max-response-bytes\); the connection was dropped without reading its body$/],
  ] as Array<[string, string, FloodOptions, (ctx: CheckContext) => UndiciSession, RegExp]>)('%s: %s is an answer naming the budget', async (_, _what, flood, open, reason) => {
    server = await startFloodServer(flood);
    const ctx = contextOf(server.url);
    const opened = open(ctx);
    session = opened;
    const { outcome, peakRssDelta } = await measurePeakRss(() => opened.call('GET', 'v1/users/u/preferences'));
    if (!('value' in outcome)) throw outcome.error;
    expect(outcome.value.status).toBe(0);
    expect(outcome.value.text).toMatch(/^WIRECHECK_ERR_HTTP_RESPONSE_TOO_LARGE: the answer to GET \/v1\/users\/u\/preferences from 127\.0\.0\.1:\d+ /);
    expect(outcome.value.text).toMatch(reason);
    expect(ctx.transcript.toText()).toContain('WIRECHECK_ERR_HTTP_RESPONSE_TOO_LARGE');
    expect(peakRssDelta).toBeLessThan(RSS_BOUND);
    await expect.poll(() => server?.closedConnections()).toBe(1);
    expect(server.bytesSent()).toBeLessThan(64 * MiB);
  }, 15_000);
});
