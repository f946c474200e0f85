// The run's traffic rules over real sockets: every client carries the extra headers (a
// request's own header of the same name winning), a secret one is redacted by every
// redactor, and --rate-limit holds requests to the rate — in one process, and across
// processes sharing the run's coordinator. Timing is asserted from below only: a
// limiter can make a request later, never earlier, so a slow machine cannot fail these.
import { afterEach, describe, expect, it } from 'vitest';
import { exchange, raceRequests, Redactor, request, Transcript } from './index.ts';
import type { ExtraHeader } from './extra-headers.ts';
import { startRateCoordinator, type RateCoordinator } from './rate-coordinator.ts';
import { RemotePacer } from './remote-pacer.ts';
import { BurstOverLimitError, SendPacer, type RateLimit } from './send-pacer.ts';
import { setTargetTraffic } from './target-traffic.ts';
import { targetFetch } from './target-fetch.ts';
import { startRawServer, type RawServer } from './testing/raw-server.ts';
import { BudgetClient } from './undici-budget.ts';

const KEY: ExtraHeader = { name: 'X-Gateway-Key', value: 'gw-secret-31415', secret: true };
const TAG: ExtraHeader = { name: 'X-Client-Tag', value: 'wirecheck', secret: false };
const TYPE: ExtraHeader = { name: 'Content-Type', value: 'text/x-extra', secret: false };
const OK = 'HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nok';
const THIRTY_A_SECOND: RateLimit = { count: 30, windowMs: 1000, text: '30/s' };
/** 16 requests at 30/s: 15 intervals of 33.3 ms; unpaced they take some 100 ms on loopback. */
const PACED_MS = 499;

let server: RawServer | undefined;
const closers: Array<() => unknown> = [];
afterEach(async () => {
  setTargetTraffic(undefined);
  await server?.close();
  server = undefined;
  for (const close of closers.splice(0)) await close();
});

async function okServer(): Promise<RawServer> {
  server = await startRawServer(() => OK);
  return server;
}

/** The values of `name` in each request the server received, in order. */
function valuesOf(target: RawServer, name: string): string[][] {
  return target.requests.map((r) => r.raw.toString('latin1').split('\r\n\r\n')[0]?.split('\r\n').slice(1)
    .filter((line) => line.toLowerCase().startsWith(`${name.toLowerCase()}:`)).map((line) => line.slice(name.length + 1).trim()) ?? []);
}

describe('extra headers', () => {
  it('reach the target from raw exchanges, pre-serialized requests and races; a request\'s own header wins', async () => {
    const target = await okServer();
    setTargetTraffic({ headers: [KEY, TAG, TYPE] });
    await request(target.url, { method: 'POST', target: 'own', headers: [['content-type', 'application/json']], body: '{}' });
    await exchange(target.url, [Buffer.from('GET /bytes HTTP/1.1\r\nHost: x\r\n\r\n')], { idleMs: 0 });
    await raceRequests([{ baseUrl: target.url, request: { method: 'GET', target: 'race' } }, { baseUrl: target.url, request: { method: 'GET', target: 'race' } }]);
    expect(valuesOf(target, 'X-Gateway-Key')).toEqual([[KEY.value], [KEY.value], [KEY.value], [KEY.value]]);
    expect(valuesOf(target, 'X-Client-Tag')).toEqual([['wirecheck'], ['wirecheck'], ['wirecheck'], ['wirecheck']]);
    expect(valuesOf(target, 'Content-Type')).toEqual([['application/json'], ['text/x-extra'], ['text/x-extra'], ['text/x-extra']]);
  });

  it('reach the target from undici (request() and fetch()); a request\'s own header wins', async () => {
    const target = await okServer();
    setTargetTraffic({ headers: [KEY, TYPE] });
    const client = new BudgetClient(new URL(target.url).origin);
    closers.push(() => client.destroy());
    await (await client.request({ method: 'GET', path: '/object', headers: { 'content-type': 'application/json' } })).body.text();
    await (await client.request({ method: 'GET', path: '/flat', headers: ['Content-Type', 'application/json'] })).body.text();
    await (await client.request({ method: 'GET', path: '/none' })).body.text();
    await (await targetFetch(target.url, { headers: { 'content-type': 'application/json' } })).text();
    expect(valuesOf(target, 'X-Gateway-Key')).toEqual([[KEY.value], [KEY.value], [KEY.value], [KEY.value]]);
    expect(valuesOf(target, 'Content-Type')).toEqual([['application/json'], ['application/json'], ['text/x-extra'], ['application/json']]);
  });

  it('a secret one is redacted by every redactor of the process, by value and by its header line', () => {
    setTargetTraffic({ headers: [KEY, TAG] });
    const transcript = new Transcript(new Redactor());
    transcript.record({ url: 'http://x/', sent: Buffer.from(`GET / HTTP/1.1\r\nX-Gateway-Key: ${KEY.value}\r\nX-Client-Tag: wirecheck\r\n\r\n`), received: Buffer.from(`echo ${KEY.value}`) });
    const text = transcript.toText();
    expect(text).not.toContain(KEY.value);
    expect(text).toContain('X-Gateway-Key: [REDACTED]');
    expect(text).toContain('X-Client-Tag: wirecheck');
  });
});

describe('--rate-limit', () => {
  it('spaces one process\'s requests: 16 requests at 30/s take at least 500 ms', async () => {
    const target = await okServer();
    setTargetTraffic({ headers: [], rateLimit: THIRTY_A_SECOND });
    const started = performance.now();
    for (let i = 0; i < 16; i += 1) await request(target.url, { method: 'GET', target: `n${i}` });
    expect(target.requests).toHaveLength(16);
    expect(performance.now() - started).toBeGreaterThanOrEqual(PACED_MS);
  });

  it('holds undici\'s requests too, also when they are all dispatched at once', async () => {
    const target = await okServer();
    setTargetTraffic({ headers: [], rateLimit: THIRTY_A_SECOND });
    const client = new BudgetClient(new URL(target.url).origin, { pipelining: 0 });
    closers.push(() => client.destroy());
    const started = performance.now();
    await Promise.all(Array.from({ length: 16 }, async (_, i) => (await client.request({ method: 'GET', path: `/u${i}` })).body.text()));
    expect(performance.now() - started).toBeGreaterThanOrEqual(PACED_MS);
  });

  it('shares one rate among processes through the run\'s coordinator', async () => {
    const target = await okServer();
    const coordinator: RateCoordinator = await startRateCoordinator(new SendPacer(THIRTY_A_SECOND));
    closers.push(() => coordinator.close());
    // This process as a suite process (its pacer the coordinator), and another one beside it.
    setTargetTraffic({ headers: [], rateLimit: { ...THIRTY_A_SECOND, coordinator: coordinator.address } });
    const other = new RemotePacer(coordinator.address, THIRTY_A_SECOND);
    closers.push(() => other.close());
    const otherSlots = Promise.all(Array.from({ length: 8 }, () => other.reserve(1)));
    const started = performance.now();
    await Promise.all(Array.from({ length: 8 }, (_, i) => request(target.url, { method: 'GET', target: `p${i}` })));
    const waits = await otherSlots;
    // 16 slots of one pacer: the last of them is 15 intervals after the first.
    const lastHere = performance.now() - started;
    expect(Math.max(lastHere, ...waits)).toBeGreaterThanOrEqual(PACED_MS);
    expect(target.requests).toHaveLength(8);
  });

  it('refuses a race larger than the limit before sending anything', async () => {
    const target = await okServer();
    setTargetTraffic({ headers: [], rateLimit: { count: 2, windowMs: 1000, text: '2/s' } });
    const race = Array.from({ length: 3 }, () => ({ baseUrl: target.url, request: { method: 'GET', target: 'race' } }));
    await expect(raceRequests(race)).rejects.toBeInstanceOf(BurstOverLimitError);
    await expect(exchange(target.url, race.map((r) => r.request), { mode: 'pipelined' })).rejects.toBeInstanceOf(BurstOverLimitError);
    expect(target.connections).toBe(0);
  });
});
