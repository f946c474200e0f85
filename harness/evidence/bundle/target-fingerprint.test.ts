// The bundle's fingerprint of a target keeps its status line and headers only: against a
// target answering with an endless body it reads none of the body and drops the
// connection, instead of draining the flood for the rest of the run.
import { afterEach, describe, expect, it } from 'vitest';
import { FLOODS, startFloodServer, type FloodServer } from '../../http/testing/flood-server.ts';
import { fingerprintTargets } from './target-fingerprint.ts';

let server: FloodServer | undefined;
afterEach(async () => {
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
});
