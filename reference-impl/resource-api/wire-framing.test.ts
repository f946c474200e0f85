// 204 rules 1, 2 and 6 on the wire: a 204 followed by a 200 on ONE keep-alive
// connection, sequential and pipelined, must be framed exactly — and each raw-wire
// fault must really put its stray bytes or headers on the socket.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ResourceFault } from './faults.ts';
import type { EmbeddedStore } from './testing/open-embedded-store.ts';
import type { TestUser } from './testing/test-tokens.ts';
import { createLabel, prefsPath } from './testing/api-requests.ts';
import { openEmbeddedStore } from './testing/open-embedded-store.ts';
import { portOf, readyApp } from './testing/ready-app.ts';
import { TestTokens } from './testing/test-tokens.ts';
import type { WireResponse } from './testing/wire-exchange.ts';
import { exchange, httpRequest, parseResponses } from './testing/wire-exchange.ts';

const MODES = ['sequential', 'pipelined'] as const;
let embedded: EmbeddedStore;
const tokens = new TestTokens();
const apps = new Map<string, FastifyInstance>();

async function appWith(fault?: ResourceFault): Promise<FastifyInstance> {
  const key = fault ?? 'clean';
  const existing = apps.get(key);
  if (existing) return existing;
  const app = await readyApp(embedded.store, tokens, { faults: fault ? [fault] : [] });
  apps.set(key, app);
  return app;
}

beforeAll(async () => {
  embedded = await openEmbeddedStore();
});
afterAll(async () => {
  for (const app of apps.values()) await app.close();
  await embedded.close();
});

const patch = (user: TestUser, value: boolean) => httpRequest('PATCH', prefsPath(user),
  { Authorization: user.auth, 'Content-Type': 'application/json' }, JSON.stringify({ weeklyDigest: value }));
const get = (user: TestUser, path = prefsPath(user), close = true) =>
  httpRequest('GET', path, { Authorization: user.auth, ...(close ? { Connection: 'close' } : {}) });

/** Every way a 204 can break rules 1, 2 and 6 (empty when it is framed exactly). */
function noContentViolations(response: WireResponse): string[] {
  const violations: string[] = [];
  const length = response.headers.get('content-length');
  if (length !== undefined && length !== '0') violations.push(`Content-Length: ${length}`);
  if (response.headers.has('transfer-encoding')) violations.push('Transfer-Encoding');
  if (response.headers.has('content-encoding')) violations.push('Content-Encoding');
  return violations;
}

describe('clean reference: 204 then 200 on one connection', () => {
  it.each(MODES)('PATCH 204 then GET 200, %s: both framed exactly, nothing stray', async (mode) => {
    const app = await appWith();
    const user = tokens.fresh();
    const bytes = await exchange(portOf(app), [patch(user, true), get(user)], mode);
    const { responses: [noContent, ok], rest } = parseResponses(bytes, ['PATCH', 'GET']);
    expect(noContent?.status).toBe(204);
    expect(noContentViolations(noContent as WireResponse)).toEqual([]);
    expect(noContent?.headers.get('connection')).toBe('keep-alive');
    expect(ok?.status).toBe(200);
    expect(JSON.parse(ok?.body.toString('utf8') ?? '')).toEqual({ weeklyDigest: true });
    expect(ok?.headers.get('etag')).toBe(noContent?.headers.get('etag'));
    expect(rest.length).toBe(0);
  });

  it.each(MODES)('DELETE 204, PATCH 204, then GET 200, %s', async (mode) => {
    const app = await appWith();
    const user = tokens.fresh();
    const id = await createLabel(app, user);
    const requests = [httpRequest('DELETE', `/v1/labels/${id}`, { Authorization: user.auth }), patch(user, true),
      get(user, `/v1/labels/${id}`, false), get(user)];
    const bytes = await exchange(portOf(app), requests, mode);
    const { responses, rest } = parseResponses(bytes, ['DELETE', 'PATCH', 'GET', 'GET']);
    expect(responses.map((r) => r.status)).toEqual([204, 204, 404, 200]);
    expect(responses.slice(0, 2).flatMap(noContentViolations)).toEqual([]);
    expect(JSON.parse(responses[3]?.body.toString('utf8') ?? '')).toEqual({ weeklyDigest: true });
    expect(rest.length).toBe(0);
  });
});

// What each raw-wire fault must put on the wire after the 204 header section.
const WIRE_FAULTS: ReadonlyArray<{ fault: ResourceFault; trailing: string; header?: [string, string] }> = [
  { fault: 'body-after-204', trailing: '{}' },
  { fault: 'content-length-on-204', trailing: '{}', header: ['content-length', '2'] },
  { fault: 'chunked-204', trailing: '0\r\n\r\n', header: ['transfer-encoding', 'chunked'] },
  { fault: 'crlf-after-204', trailing: '\r\n' },
  { fault: 'content-encoding-on-204', trailing: '', header: ['content-encoding', 'gzip'] },
];

describe.each(WIRE_FAULTS)('fault $fault puts its bytes on the wire', ({ fault, trailing, header }) => {
  it.each(MODES)('PATCH 204 then GET, %s', async (mode) => {
    const app = await appWith(fault);
    const user = tokens.fresh();
    const bytes = (await exchange(portOf(app), [patch(user, true), get(user)], mode)).toString('latin1');
    const headEnd = bytes.indexOf('\r\n\r\n') + 4;
    const next = bytes.indexOf('HTTP/1.1 200 OK\r\n', headEnd);
    expect(bytes.startsWith('HTTP/1.1 204 No Content\r\n')).toBe(true);
    expect(next).toBeGreaterThanOrEqual(headEnd); // the connection stayed usable: the GET was answered
    expect(JSON.stringify(bytes.slice(headEnd, next))).toBe(JSON.stringify(trailing));
    const { responses: [noContent] } = parseResponses(Buffer.from(bytes, 'latin1'), ['PATCH']);
    if (header) expect(noContent?.headers.get(header[0])).toBe(header[1]);
    // The check a conformance suite makes fails: either the 204 itself or the next response is misframed.
    const misframed = noContentViolations(noContent as WireResponse).length > 0
      || (() => { try { return parseResponses(Buffer.from(bytes, 'latin1'), ['PATCH', 'GET']).rest.length > 0; } catch { return true; } })();
    expect(misframed).toBe(true);
  });
});

describe('raw-wire faults apply to every 204', () => {
  it('the stray bytes stay in order behind a pipelined request', async () => {
    const app = await appWith('body-after-204');
    const user = tokens.fresh();
    const bytes = (await exchange(portOf(app), [get(user, prefsPath(user), false), patch(user, true), get(user)], 'pipelined')).toString('latin1');
    expect(bytes).toMatch(/^HTTP\/1\.1 200 OK\r\n[^]*?\{"weeklyDigest":false\}HTTP\/1\.1 204 No Content\r\n[^]*?\r\n\r\n\{\}HTTP\/1\.1 200 OK\r\n[^]*\{"weeklyDigest":true\}$/);
  });

  it('body-after-204 also follows a DELETE 204', async () => {
    const app = await appWith('body-after-204');
    const user = tokens.fresh();
    const id = await createLabel(app, user);
    const bytes = (await exchange(portOf(app), [httpRequest('DELETE', `/v1/labels/${id}`, { Authorization: user.auth }), get(user)], 'pipelined')).toString('latin1');
    expect(bytes).toMatch(/^HTTP\/1\.1 204 No Content\r\n[^]*?\r\n\r\n\{\}HTTP\/1\.1 200 OK\r\n/);
  });
});
