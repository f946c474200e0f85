// The bundle's fingerprint of a target keeps its status line and headers only: against a
// target answering with an endless body it reads none of the body and drops the
// connection, instead of draining the flood for the rest of the run.
import { afterEach, describe, expect, it } from 'vitest';
import { FLOODS, startFloodServer, type FloodServer } from '../../http/testing/flood-server.ts';
import { startRawServer } from '../../http/testing/raw-server.ts';
import { setTargetTraffic } from '../../http/target-traffic.ts';
import { fingerprintTargets } from './target-fingerprint.ts';

let server: FloodServer | undefined;
afterEach(async () => {
  setTargetTraffic(undefined);
  await server?.close();
  server = undefined;
});

describe('fingerprintTargets', () => {
  it('takes the status line of an endless answer and drops its connection', async () => {
    server = await startFloodServer(FLOODS.chunked);
    const [fingerprint] = await fingerprintTargets([{ system: 'device-server', kind: 'external', baseUrl: server.url, capabilities: [] }]);
    expect(fingerprint?.preflight).toMatchObject({ method: 'GET', statusLine: 'HTTP/1.1 200 OK', contentType: 'application/json' });
    await expect.poll(() => server?.openConnections()).toBe(0);
    expect(server.bytesSent()).toBeLessThan(64 * 1024 * 1024);
  });

  it('sends its request with the run\'s extra headers, the request\'s own winning', async () => {
    const raw = await startRawServer(() => 'HTTP/1.1 200 OK\r\nContent-Length: 0\r\n\r\n');
    try {
      setTargetTraffic({ headers: [{ name: 'X-Gateway-Key', value: 'gw-secret-16180', secret: true }, { name: 'Authorization', value: 'Basic gateway', secret: false }] });
      const target = { system: 'resource-api', kind: 'external', baseUrl: raw.url, capabilities: [], token: 'tok-1', userId: 'alice' } as const;
      await fingerprintTargets([target]);
      const head = raw.requests[0]?.raw.toString('latin1').toLowerCase() ?? '';
      expect(head).toContain('\r\nx-gateway-key: gw-secret-16180\r\n');
      expect(head.match(/\r\nauthorization: [^\r]*/g)).toEqual(['\r\nauthorization: bearer tok-1']);
    } finally {
      await raw.close();
    }
  });
});
