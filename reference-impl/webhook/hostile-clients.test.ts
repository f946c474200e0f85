// Issue 17, finding 3 and the small items of 8, on the receiver over real sockets: a
// client that trickles its body is dropped at the request deadline, connections past
// the cap are closed at once and idle ones go at the header deadline, a client gone
// mid-body is one info line without a stack, and a query's values never reach the log.
// The limits are short here so the test is quick; the defaults are in server-limits.ts.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../shared/logger.ts';
import type { ServerLimits } from '../shared/server-limits.ts';
import { abortMidBody, eventually, exchange, fillToCap, trickleBody } from '../shared/testing/hostile-clients.ts';
import { openStore } from '../store/open-store.ts';
import type { SqlStore } from '../store/sql-store.ts';
import { buildWebhookApp } from './app.ts';
import { createMetrics } from './metrics.ts';

const LIMITS: ServerLimits = { headersTimeoutMs: 500, requestTimeoutMs: 1000, keepAliveTimeoutMs: 500, maxConnections: 4 };
const DELIVERY_HEAD = 'POST /webhooks/payments HTTP/1.1\r\nHost: receiver\r\nContent-Type: application/json\r\nX-Webhook-Signature: 00\r\nContent-Length: 100\r\n\r\n';
type LogLine = Record<string, unknown>;

describe('the receiver against hostile clients', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'wirecheck-webhook-hostile-'));
  const lines: LogLine[] = [];
  let store: SqlStore;
  let app: FastifyInstance;
  let port: number;

  beforeAll(async () => {
    store = await openStore({ dataDir });
    const logger = createLogger({ name: 'webhook-receiver', level: 'debug' }, { write: (line: string) => { lines.push(JSON.parse(line) as LogLine); } });
    app = buildWebhookApp({ store, secret: 'hostile-secret', probe: false, faults: new Set(), metrics: createMetrics(store), logger, limits: LIMITS });
    await app.listen({ host: '127.0.0.1', port: 0 });
    port = (app.server.address() as { port: number }).port;
  });
  afterAll(async () => {
    await app.close();
    await store.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const withCode = (code: string) => lines.filter((line) => line['code'] === code);
  const noErrorOrStack = () => {
    expect(lines.filter((line) => (line['level'] as number) >= 50)).toEqual([]);
    expect(JSON.stringify(lines)).not.toContain('"stack"');
  };

  it('drops a client that sends one body byte every 200 ms at the 1 s request deadline, logging one line', async () => {
    const outcome = await trickleBody(port, DELIVERY_HEAD, { contentLength: 100, intervalMs: 200 });
    // Closed long before the 100 bytes (20 s) were all sent; the 408 may be lost to the close.
    expect(outcome.bytesSent).toBeLessThan(outcome.contentLength);
    if (outcome.answer !== '') expect(outcome.answer).toMatch(/^HTTP\/1\.1 408 /);
    expect(await eventually(() => withCode('REQUEST_TIMEOUT').length > 0)).toBe(true);
    expect(withCode('REQUEST_TIMEOUT')[0]).toMatchObject({ level: 30, msg: expect.stringContaining('deadline') });
    noErrorOrStack();
  });

  it('closes connections past the cap at once, and the idle ones at the header deadline, then serves again', async () => {
    const { pastCap, idleClosed, afterwards } = await fillToCap(port, LIMITS.maxConnections, 'GET /healthz HTTP/1.1\r\nHost: receiver\r\nConnection: close\r\n\r\n');
    expect(pastCap).toBe('');
    expect(idleClosed).toEqual(Array(LIMITS.maxConnections).fill(true));
    expect(afterwards).toMatch(/^HTTP\/1\.1 200 /);
  });

  it('logs a client gone mid-body as one info line with its code, without a stack', async () => {
    const before = withCode('CLIENT_ABORTED').length;
    await abortMidBody(port, DELIVERY_HEAD, '{"id":"evt_gone",');
    // The abort reaches the log either as the one info line or (before issue 17) as an error with a stack.
    expect(await eventually(() => withCode('CLIENT_ABORTED').length > before || lines.some((line) => (line['level'] as number) >= 50))).toBe(true);
    expect(withCode('CLIENT_ABORTED').at(-1)).toMatchObject({ level: 30, method: 'POST', url: '/webhooks/payments' });
    noErrorOrStack();
  });

  it('never logs the values of a query string', async () => {
    const answer = await exchange(port, 'GET /healthz?access_token=tok-in-query-7f3&page=2 HTTP/1.1\r\nHost: receiver\r\nConnection: close\r\n\r\n');
    expect(answer).toMatch(/^HTTP\/1\.1 200 /);
    expect(await eventually(() => lines.some((line) => line['msg'] === 'request completed'))).toBe(true);
    const text = JSON.stringify(lines);
    expect(text).not.toContain('tok-in-query-7f3');
    expect(text).toContain('/healthz?access_token=[REDACTED]&page=[REDACTED]');
  });
});
