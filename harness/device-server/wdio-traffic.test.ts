// webdriverio, the W3C client of the device-server checks, sends within the run's
// traffic rules like every other client: each command carries the extra headers (the
// Content-Type it sets itself winning) and waits for its --rate-limit slot.
import { afterEach, describe, expect, it } from 'vitest';
import { Redactor, Transcript } from '../http/index.ts';
import { awaitSendSlot, setTargetTraffic } from '../http/target-traffic.ts';
import { startRawServer, type RawServer } from '../http/testing/raw-server.ts';
import type { DeviceServerTarget } from './device-server-target.ts';
import { answers } from './server-instance.ts';
import { wdioAttach } from './wdio-session.ts';

const ALERT = JSON.stringify({ value: 'hello' });
let server: RawServer | undefined;
afterEach(async () => {
  setTargetTraffic(undefined);
  await server?.close();
  server = undefined;
});

function targetAt(baseUrl: string): DeviceServerTarget {
  return {
    system: 'device-server', kind: 'external', baseUrl, capabilities: [], vendor: 'vendor', platformName: 'Android',
    automationName: 'SimAndroid', driverName: 'sim-android', homeEnv: 'VENDOR_HOME', commandEnv: {},
  };
}

describe('webdriverio under the run\'s traffic rules', () => {
  it('sends the extra headers with every command, spaced by --rate-limit', async () => {
    server = await startRawServer(() => `HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: ${ALERT.length}\r\n\r\n${ALERT}`);
    setTargetTraffic({
      headers: [{ name: 'X-Gateway-Key', value: 'gw-secret-27182', secret: true }, { name: 'Content-Type', value: 'text/x-extra', secret: false }],
      rateLimit: { count: 20, windowMs: 1000, text: '20/s' },
    });
    const browser = await wdioAttach(targetAt(server.url), 'session-1', new Transcript(new Redactor()));
    const started = performance.now();
    for (let i = 0; i < 6; i += 1) expect(await browser.getAlertText()).toBe('hello');
    await browser.sendAlertText('hi');
    // 7 commands at 20/s: 6 intervals of 50 ms at least.
    expect(performance.now() - started).toBeGreaterThanOrEqual(299);
    const heads = server.requests.map((r) => r.raw.toString('latin1').split('\r\n\r\n')[0]?.toLowerCase() ?? '');
    expect(heads).toHaveLength(7);
    for (const head of heads) {
      expect(head).toContain('\r\nx-gateway-key: gw-secret-27182');
      // webdriverio sets a Content-Type on every command: its own wins.
      expect(head.match(/\r\ncontent-type: [^\r]*/g)).toEqual(['\r\ncontent-type: application/json; charset=utf-8']);
    }
  }, 20_000);

  it('leaves the readiness polls of instances the harness starts itself out of them, after webdriverio ran too', async () => {
    server = await startRawServer(() => `HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: ${ALERT.length}\r\n\r\n${ALERT}`);
    setTargetTraffic({ headers: [{ name: 'X-Gateway-Key', value: 'gw-secret-14142', secret: true }], rateLimit: { count: 2, windowMs: 1000, text: '2/s' } });
    // webdriverio makes this process's global dispatcher one of the harness's.
    await (await wdioAttach(targetAt(server.url), 'session-1', new Transcript(new Redactor()))).getAlertText();
    // The next slot is seconds away...
    void awaitSendSlot(2);
    void awaitSendSlot(2);
    // ...and a poll with a 300 ms limit still sees the instance answer, without the run's headers.
    expect(await answers(`${server.url}status`, 300)).toBe(true);
    const poll = server.requests.find((r) => r.line.startsWith('GET /status'));
    expect(poll?.raw.toString('latin1').toLowerCase()).not.toContain('x-gateway-key');
  }, 20_000);
});
