// The webhook client within the response budget, against a real local receiver that
// floods its answer to a delivery: the delivery fails naming the budget, the connection
// is dropped, and this process keeps no more than a few MiB of what was sent.
import { afterEach, describe, expect, it } from 'vitest';
import type { CheckContext } from '../checks/check.ts';
import { Redactor, Transcript } from '../http/index.ts';
import { FLOODS, startFloodServer, type FloodServer } from '../http/testing/flood-server.ts';
import { measurePeakRss } from '../http/testing/peak-rss.ts';
import type { WebhookTarget } from './webhook-target.ts';
import { webhookClient } from './webhook-client.ts';

const MiB = 1024 * 1024;

let server: FloodServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

describe('WebhookClient within the response budget', () => {
  it.each([
    ['an endless chunked body', FLOODS.chunked, /was larger than 4 MiB \(--max-response-bytes\); the connection was dropped/],
    ['a head declaring 2 GiB, then silence', FLOODS.hugeLengthSilent, /declares Content-Length: 2147483648, larger than 4 MiB \(--max-response-bytes\)/],
  ])('a delivery answered with %s fails naming the budget', async (_, flood, reason) => {
    server = await startFloodServer(flood);
    const target: WebhookTarget = { system: 'webhook', kind: 'external', baseUrl: server.url, capabilities: [], secret: 'whsec-test-1234', instanceUrls: [server.url] };
    const ctx = { check: { id: 'WH-SIG-01' }, target, transcript: new Transcript(new Redactor({ secrets: [target.secret] })) } as unknown as CheckContext;
    const { outcome, peakRssDelta } = await measurePeakRss(() => webhookClient(ctx).deliver({ body: { id: 'evt_1', type: 'payment.succeeded' } }));
    if (!('error' in outcome)) throw new Error('the delivery resolved: the whole flood was read');
    expect((outcome.error as Error).message).toMatch(/^the answer to POST \/webhooks\/payments from 127\.0\.0\.1:\d+ /);
    expect((outcome.error as Error).message).toMatch(reason);
    expect(peakRssDelta).toBeLessThan(100 * MiB);
    await expect.poll(() => server?.closedConnections()).toBe(1);
  });
});
