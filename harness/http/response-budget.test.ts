// The raw layer's response budget against a real local server that sends far more than
// any answer the specs need (an endless chunked body, a body until close, a 2 GiB
// Content-Length, bytes after a 204): the exchange fails naming the budget, drops the
// connection, and this process's memory does not grow with what the server sends.
import { afterEach, describe, expect, it } from 'vitest';
import { exchange, request } from './exchange.ts';
import { ExchangeError } from './http-errors.ts';
import { raceRequests } from './last-byte-race.ts';
import { FLOODS, startFloodServer, type FloodOptions, type FloodServer } from './testing/flood-server.ts';
import { measurePeakRss } from './testing/peak-rss.ts';
import { startRawServer, type RawServer } from './testing/raw-server.ts';

const MiB = 1024 * 1024;
// The servers send up to 300 MiB; a client that keeps what it reads grows by far more than this.
const RSS_BOUND = 100 * MiB;
const TOO_LARGE = 'WIRECHECK_ERR_HTTP_RESPONSE_TOO_LARGE';

const { chunked: CHUNKED, untilClose: UNTIL_CLOSE } = FLOODS;

let servers: Array<FloodServer | RawServer> = [];
afterEach(async () => {
  await Promise.all(servers.map((s) => s.close()));
  servers = [];
});

async function flood(options: FloodOptions): Promise<FloodServer> {
  const server = await startFloodServer(options);
  servers.push(server);
  return server;
}

function thrown(outcome: { value: unknown } | { error: unknown }): ExchangeError {
  if (!('error' in outcome)) throw new Error('the exchange resolved: the whole flood was read');
  expect(outcome.error).toBeInstanceOf(ExchangeError);
  return outcome.error as ExchangeError;
}

describe('the response budget of exchange()', () => {
  it.each([
    ['an endless chunked body', CHUNKED],
    ['a body that runs until the server closes', UNTIL_CLOSE],
  ])('fails %s at the default 4 MiB, drops the connection and keeps memory bounded', async (_, options) => {
    const server = await flood(options);
    const { outcome, peakRssDelta } = await measurePeakRss(() => exchange(server.url, [{ method: 'GET', target: 'big' }]));
    const error = thrown(outcome);
    expect(error.code).toBe(TOO_LARGE);
    expect(error.message).toMatch(/^the answer to GET \/big from 127\.0\.0\.1:\d+ was larger than 4 MiB \(--max-response-bytes\); the connection was dropped/);
    expect(error.partial?.raw.length).toBeLessThan(5 * MiB);
    expect(peakRssDelta).toBeLessThan(RSS_BOUND);
    // Dropped, not read to the end: the server got rid of a few MiB, not its 300.
    expect(server.bytesSent()).toBeLessThan(64 * MiB);
    await expect.poll(() => server.closedConnections()).toBe(1);
  });

  it.each([
    ['and then nothing', FLOODS.hugeLengthSilent],
    ['and then streams its body', FLOODS.hugeLength],
  ])('fails a declared Content-Length of 2147483648 from the head alone, %s', async (_, options) => {
    const server = await flood(options);
    const { outcome, peakRssDelta } = await measurePeakRss(() => exchange(server.url, [{ method: 'GET', target: 'big' }], { timeoutMs: 5_000 }));
    const error = thrown(outcome);
    expect(error.code).toBe(TOO_LARGE);
    expect(error.message).toMatch(/^the answer to GET \/big from 127\.0\.0\.1:\d+ declares Content-Length: 2147483648, larger than 4 MiB \(--max-response-bytes\); the connection was dropped without reading its body/);
    expect(peakRssDelta).toBeLessThan(RSS_BOUND);
    await expect.poll(() => server.closedConnections()).toBe(1);
  });

  it('fails endless bytes after a 204 while watching the connection for stray bytes', async () => {
    const server = await flood({ head: 'HTTP/1.1 204 No Content\r\n\r\n', body: 'raw' });
    const { outcome, peakRssDelta } = await measurePeakRss(() => exchange(server.url, [{ method: 'DELETE', target: 'x' }], { idleMs: 100 }));
    const error = thrown(outcome);
    expect(error.code).toBe(TOO_LARGE);
    expect(error.message).toMatch(/^more than 4 MiB \(--max-response-bytes\) followed the answer to DELETE \/x from 127\.0\.0\.1:\d+; the connection was dropped/);
    expect(error.partial?.responses.map((r) => r.statusCode)).toEqual([204]);
    expect(peakRssDelta).toBeLessThan(RSS_BOUND);
  });

  it('fails request(), the one-request client every check uses, the same way', async () => {
    const server = await flood(CHUNKED);
    const { outcome, peakRssDelta } = await measurePeakRss(() => request(server.url, { method: 'GET', target: 'v1/users/u/preferences' }));
    expect(thrown(outcome).message).toMatch(/^the answer to GET \/v1\/users\/u\/preferences from 127\.0\.0\.1:\d+ was larger than 4 MiB/);
    expect(peakRssDelta).toBeLessThan(RSS_BOUND);
  });

  it('takes an answer of exactly maxResponseBytes and refuses one byte more', async () => {
    // A head of 40 bytes and a body of 960: 1000 bytes in all; the other answer is one byte longer.
    const answer = (length: number) => `HTTP/1.1 200 OK\r\nContent-Length: ${length}\r\n\r\n${'x'.repeat(length)}`;
    const raw = await startRawServer((req) => answer(req.line.includes('/fits') ? 960 : 961));
    servers.push(raw);
    const fits = await exchange(raw.url, [{ method: 'GET', target: 'fits' }], { maxResponseBytes: 1000 });
    expect(fits.raw.length).toBe(1000);
    expect(fits.responses[0]?.body.length).toBe(960);
    await expect(exchange(raw.url, [{ method: 'GET', target: 'over' }], { maxResponseBytes: 1000 }))
      .rejects.toThrow(/^the answer to GET \/over from 127\.0\.0\.1:\d+ declares Content-Length: 961, larger than 1000 bytes \(--max-response-bytes\)/);
  });
});

describe('the response budget of raceRequests()', () => {
  it('gives each racer the budget error and keeps memory bounded', async () => {
    const server = await flood(CHUNKED);
    const entries = Array.from({ length: 3 }, () => ({ baseUrl: server.url, request: { method: 'GET', target: 'big' } }));
    const { outcome, peakRssDelta } = await measurePeakRss(() => raceRequests(entries, { timeoutMs: 10_000 }));
    if (!('value' in outcome)) throw outcome.error;
    for (const result of outcome.value.outcomes) {
      expect(result).toBeInstanceOf(ExchangeError);
      expect((result as ExchangeError).message).toMatch(/^the answer to GET \/big from 127\.0\.0\.1:\d+ was larger than 4 MiB \(--max-response-bytes\)/);
    }
    expect(peakRssDelta).toBeLessThan(RSS_BOUND);
  });
});
