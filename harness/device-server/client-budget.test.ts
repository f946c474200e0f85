// The device server's clients within the response budget, against a real local server
// that floods: the raw W3C client the checks use, the status preflight (fetch) and
// webdriverio (its own undici fetch). Each fails naming the budget, the connection is
// dropped, and this process keeps no more than a few MiB of what the server sent.
import { afterEach, describe, expect, it } from 'vitest';
import { Redactor, Transcript } from '../http/index.ts';
import { FLOODS, startFloodServer, type FloodServer } from '../http/testing/flood-server.ts';
import { measurePeakRss } from '../http/testing/peak-rss.ts';
import type { DeviceServerTarget } from './device-server-target.ts';
import { preflightDeviceServer } from './status-preflight.ts';
import { W3cClient } from './w3c-client.ts';
import { wdioAttach, wdioSession } from './wdio-session.ts';

const MiB = 1024 * 1024;
const RSS_BOUND = 100 * MiB;

let server: FloodServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

function targetAt(baseUrl: string): DeviceServerTarget {
  return {
    system: 'device-server', kind: 'external', baseUrl, capabilities: [], vendor: 'vendor', platformName: 'Android',
    automationName: 'SimAndroid', driverName: 'sim-android', homeEnv: 'VENDOR_HOME', commandEnv: {},
  };
}

function failure(outcome: { value: unknown } | { error: unknown }): Error {
  if (!('error' in outcome)) throw new Error('the client resolved: the whole flood was read');
  return outcome.error as Error;
}

describe('W3cClient within the response budget', () => {
  it.each([
    ['an endless chunked body', FLOODS.chunked, /^the answer to GET \/status from 127\.0\.0\.1:\d+ was larger than 4 MiB \(--max-response-bytes\); the connection was dropped/],
    ['a head declaring 2 GiB, then silence', FLOODS.hugeLengthSilent, /^the answer to GET \/status from 127\.0\.0\.1:\d+ declares Content-Length: 2147483648, larger than 4 MiB/],
  ])('fails %s naming the budget', async (_, flood, reason) => {
    server = await startFloodServer(flood);
    const client = new W3cClient(server.url, new Transcript(new Redactor()), 'vendor');
    const { outcome, peakRssDelta } = await measurePeakRss(() => client.status());
    expect(failure(outcome).message).toMatch(reason);
    expect(peakRssDelta).toBeLessThan(RSS_BOUND);
    await expect.poll(() => server?.closedConnections()).toBe(1);
  });
});

describe('the device server\'s status preflight within the response budget', () => {
  it('ends the run as a set-up problem naming the budget, not after reading the flood', async () => {
    server = await startFloodServer(FLOODS.chunked);
    const flooded = server;
    const { outcome, peakRssDelta } = await measurePeakRss(() => preflightDeviceServer(flooded.url));
    expect(failure(outcome).message).toMatch(/GET http:\/\/127\.0\.0\.1:\d+\/status → the answer to GET \/status from 127\.0\.0\.1:\d+ was larger than 4 MiB \(--max-response-bytes\); the connection was dropped/);
    expect(peakRssDelta).toBeLessThan(RSS_BOUND);
    expect(flooded.bytesSent()).toBeLessThan(3 * 64 * MiB);
  });
});

describe('webdriverio within the response budget', () => {
  it.each([
    ['an endless chunked body', FLOODS.chunked, /^the answer to POST \/session from 127\.0\.0\.1:\d+ was larger than 4 MiB \(--max-response-bytes\); the connection was dropped/],
    ['a head declaring 2 GiB, then silence', FLOODS.hugeLengthSilent, /^the answer to POST \/session from 127\.0\.0\.1:\d+ declares Content-Length: 2147483648, larger than 4 MiB/],
  ])('remote() fails %s naming the budget', async (_, flood, reason) => {
    server = await startFloodServer(flood);
    const transcript = new Transcript(new Redactor());
    const target = targetAt(server.url);
    const { outcome, peakRssDelta } = await measurePeakRss(() => wdioSession(target, transcript));
    expect(failure(outcome).message).toMatch(reason);
    expect(transcript.toText()).toMatch(/webdriverio: the answer to POST \/session from 127\.0\.0\.1:\d+ (was|declares)/);
    expect(peakRssDelta).toBeLessThan(RSS_BOUND);
    // undici may have opened a spare connection too; none is left open.
    await expect.poll(() => server?.openConnections()).toBe(0);
  }, 20_000);

  it('fails a command of an attached session naming the budget in the transcript', async () => {
    server = await startFloodServer(FLOODS.chunked);
    const transcript = new Transcript(new Redactor());
    const browser = await wdioAttach(targetAt(server.url), 'session-1', transcript);
    const { outcome, peakRssDelta } = await measurePeakRss(() => browser.getAlertText());
    expect(failure(outcome).message).toContain('WIRECHECK_ERR_HTTP_RESPONSE_TOO_LARGE');
    expect(transcript.toText()).toMatch(/webdriverio: the answer to GET \/session\/session-1\/alert\/text from 127\.0\.0\.1:\d+ was larger than 4 MiB/);
    expect(peakRssDelta).toBeLessThan(RSS_BOUND);
  }, 20_000);
});
