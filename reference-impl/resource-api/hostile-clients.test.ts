// Issue 17, finding 3 and the small items of 8, on the resource API over real sockets:
// a client that trickles its body is dropped at the request deadline, connections past
// the cap are closed at once and idle ones go at the header deadline, a client gone
// mid-body is one info line without a stack, a token in the query is not logged, and two
// Authorization fields are refused (400) with nothing changed.
// The limits are short here so the test is quick; the defaults are in server-limits.ts.
import type { FastifyInstance } from 'fastify';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServerLimits } from '../shared/server-limits.ts';
import { abortMidBody, eventually, exchange, fillToCap, trickleBody } from '../shared/testing/hostile-clients.ts';
import { buildApp } from './app.ts';
import { currentPrefs, patchPrefs, prefsPath } from './testing/api-requests.ts';
import { listen } from './testing/ready-app.ts';
import { openEmbeddedStore, type EmbeddedStore } from './testing/open-embedded-store.ts';
import { TestTokens } from './testing/test-tokens.ts';

const LIMITS: ServerLimits = { headersTimeoutMs: 500, requestTimeoutMs: 1000, keepAliveTimeoutMs: 500, maxConnections: 4 };
type LogLine = Record<string, unknown>;

describe('the resource API against hostile clients', () => {
  const tokens = new TestTokens();
  const lines: LogLine[] = [];
  let embedded: EmbeddedStore;
  let app: FastifyInstance;
  let port: number;

  beforeAll(async () => {
    embedded = await openEmbeddedStore();
    const logger = pino({ level: 'info' }, { write: (line: string) => { lines.push(JSON.parse(line) as LogLine); } });
    app = buildApp({ store: embedded.store, tokens, logger, limits: LIMITS });
    port = await listen(app);
  });
  afterAll(async () => {
    await app.close();
    await embedded.close();
  });

  const withCode = (code: string) => lines.filter((line) => line['code'] === code);
  const noErrorOrStack = () => {
    expect(lines.filter((line) => (line['level'] as number) >= 50)).toEqual([]);
    expect(JSON.stringify(lines)).not.toContain('"stack"');
  };
  const patchHead = (path: string, auth: string, length: number) =>
    `PATCH ${path} HTTP/1.1\r\nHost: api\r\nAuthorization: ${auth}\r\nContent-Type: application/json\r\nContent-Length: ${length}\r\n\r\n`;

  it('drops a client that sends one body byte every 200 ms at the 1 s request deadline, answering 408 if it still can', async () => {
    const user = tokens.fresh();
    const outcome = await trickleBody(port, patchHead(prefsPath(user), user.auth, 100), { contentLength: 100, intervalMs: 200 });
    expect(outcome.bytesSent).toBeLessThan(outcome.contentLength);
    if (outcome.answer !== '') expect(outcome.answer).toMatch(/^HTTP\/1\.1 408 [\s\S]*application\/problem\+json[\s\S]*request-timeout/);
    expect(await eventually(() => withCode('REQUEST_TIMEOUT').length > 0)).toBe(true);
    noErrorOrStack();
  });

  it('closes connections past the cap at once, and the idle ones at the header deadline, then serves again', async () => {
    const { pastCap, idleClosed, afterwards } = await fillToCap(port, LIMITS.maxConnections, 'GET /healthz HTTP/1.1\r\nHost: api\r\nConnection: close\r\n\r\n');
    expect(pastCap).toBe('');
    expect(idleClosed).toEqual(Array(LIMITS.maxConnections).fill(true));
    expect(afterwards).toMatch(/^HTTP\/1\.1 200 /);
  });

  it('logs a client gone mid-body as one info line with its code, without a stack', async () => {
    const user = tokens.fresh();
    await abortMidBody(port, patchHead(prefsPath(user), user.auth, 100), '{"weeklyDigest":');
    expect(await eventually(() => withCode('CLIENT_ABORTED').length > 0)).toBe(true);
    expect(withCode('CLIENT_ABORTED')[0]).toMatchObject({ level: 30, method: 'PATCH', url: prefsPath(user) });
    noErrorOrStack();
    expect((await currentPrefs(app, user)).weeklyDigest).toBe(false);
  });

  it('refuses a token sent in the query, and logs the request line without it', async () => {
    const user = tokens.fresh();
    const token = user.auth.slice('Bearer '.length);
    const answer = await exchange(port, `GET ${prefsPath(user)}?access_token=${token} HTTP/1.1\r\nHost: api\r\nConnection: close\r\n\r\n`);
    expect(answer).toMatch(/^HTTP\/1\.1 401 /);
    expect(await eventually(() => lines.some((line) => (line['req'] as { url?: string } | undefined)?.url?.startsWith(`${prefsPath(user)}?`) === true))).toBe(true);
    const text = JSON.stringify(lines);
    expect(text).not.toContain(token);
    expect(text).toContain(`${prefsPath(user)}?access_token=[REDACTED]`);
  });

  it('refuses two Authorization fields with a 400 problem and changes nothing, whichever token comes first', async () => {
    const user = tokens.fresh();
    const other = tokens.fresh();
    const body = '{"weeklyDigest":true}';
    for (const [first, second] of [[user.auth, other.auth], [other.auth, user.auth], [user.auth, user.auth]]) {
      const answer = await exchange(port, `PATCH ${prefsPath(user)} HTTP/1.1\r\nHost: api\r\nAuthorization: ${first}\r\nauthorization: ${second}\r\n`
        + `Content-Type: application/json\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n${body}`);
      expect(answer).toMatch(/^HTTP\/1\.1 400 /);
      expect(answer).toMatch(/content-type: application\/problem\+json/i);
      expect(answer).toContain('"status":400');
      expect(answer).toContain('more than one Authorization header');
    }
    expect((await currentPrefs(app, user)).weeklyDigest).toBe(false);
    // One field still works as before.
    expect((await patchPrefs(app, user, true)).status).toBe(204);
  });
});
