// undici's dispatchers within the response budget, in both ways the harness reads with
// them: request() (the resource API's session) and fetch() (webdriverio). The budget
// counts body bytes exactly, and a refused answer's error names it, also when fetch
// wraps it.
import { afterEach, describe, expect, it } from 'vitest';
import { fetch as undiciFetch } from 'undici';
import { budgetErrorIn } from './response-budget.ts';
import { FLOODS, startFloodServer, type FloodServer } from './testing/flood-server.ts';
import { startRawServer, type RawServer } from './testing/raw-server.ts';
import { BudgetAgent, BudgetClient } from './undici-budget.ts';

let servers: Array<FloodServer | RawServer> = [];
afterEach(async () => {
  await Promise.all(servers.map((s) => s.close()));
  servers = [];
});

/** A chunked body of `size` bytes, in chunks of 100 (no Content-Length: only counting can refuse it). */
function chunkedAnswer(size: number): string {
  const chunks = [];
  for (let left = size; left > 0; left -= 100) {
    const n = Math.min(100, left);
    chunks.push(`${n.toString(16)}\r\n${'x'.repeat(n)}\r\n`);
  }
  return `HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n${chunks.join('')}0\r\n\r\n`;
}

describe('BudgetClient (request())', () => {
  it('reads a body of exactly maxResponseBytes and refuses one of a byte more', async () => {
    const server = await startRawServer((req) => chunkedAnswer(req.line.includes('/fits') ? 1000 : 1001));
    servers.push(server);
    const client = new BudgetClient(new URL(server.url).origin, { maxResponseBytes: 1000, pipelining: 0 });
    try {
      const fits = await client.request({ method: 'GET', path: '/fits' });
      expect((await fits.body.text()).length).toBe(1000);
      const over = await client.request({ method: 'GET', path: '/over' });
      await expect(over.body.text()).rejects.toThrow(/^the answer to GET \/over from 127\.0\.0\.1:\d+ was larger than 1000 bytes \(--max-response-bytes\); the connection was dropped$/);
    } finally {
      await client.destroy();
    }
  });

  it('refuses a declared Content-Length above the budget before its body, and tells the listener', async () => {
    const server = await startFloodServer(FLOODS.hugeLengthSilent);
    servers.push(server);
    const told: string[] = [];
    const client = new BudgetClient(new URL(server.url).origin, { onTooLarge: (reason) => told.push(reason) });
    try {
      await expect(client.request({ method: 'GET', path: '/big' })).rejects.toMatchObject({ code: 'WIRECHECK_ERR_HTTP_RESPONSE_TOO_LARGE' });
      expect(told).toEqual([expect.stringMatching(/^the answer to GET \/big from 127\.0\.0\.1:\d+ declares Content-Length: 2147483648, larger than 4 MiB/)]);
      // Dropped (undici's Client may open an idle one in its place at once; nothing is read on that).
      await expect.poll(() => server.closedConnections()).toBe(1);
    } finally {
      await client.destroy();
    }
  });
});

describe('BudgetAgent (fetch())', () => {
  it.each([
    ['an endless chunked body', FLOODS.chunked, /was larger than 4 MiB/],
    ['a head declaring 2 GiB, then silence', FLOODS.hugeLengthSilent, /declares Content-Length: 2147483648/],
  ])('fails %s with the budget error among the causes fetch wraps it in', async (_, flood, reason) => {
    const server = await startFloodServer(flood);
    servers.push(server);
    const agent = new BudgetAgent();
    try {
      const error = await undiciFetch(`${server.url}big`, { dispatcher: agent }).then((response) => response.text()).then(() => undefined, (e: unknown) => e);
      expect(budgetErrorIn(error)?.message).toMatch(reason);
      await expect.poll(() => server.openConnections()).toBe(0);
    } finally {
      await agent.destroy();
    }
  });
});
