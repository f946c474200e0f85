import { connect } from 'node:net';
import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BODY_LIMIT_BYTES } from './app.ts';
import type { EmbeddedStore } from './testing/open-embedded-store.ts';
import { currentPrefs, prefsPath, sendBytes } from './testing/api-requests.ts';
import { openEmbeddedStore } from './testing/open-embedded-store.ts';
import { portOf, readyApp } from './testing/ready-app.ts';
import { TestTokens } from './testing/test-tokens.ts';

const PROBLEM = 'application/problem+json';
let embedded: EmbeddedStore;
let app: FastifyInstance;
const tokens = new TestTokens();

beforeAll(async () => {
  embedded = await openEmbeddedStore();
  app = await readyApp(embedded.store, tokens);
});
afterAll(async () => {
  await app.close();
  await embedded.close();
});

function expectProblem(res: { headers: Record<string, unknown>; body: unknown }, status: number): void {
  expect(res.headers['content-type']).toBe(PROBLEM);
  expect(res.body).toEqual({ type: expect.stringMatching(/^urn:wirecheck:problem:/), title: expect.any(String), status, detail: expect.any(String) });
  expect(res.headers['x-request-id']).toEqual(expect.any(String));
}

/** Sends raw bytes on a fresh connection and resolves to everything the server sent back. */
function rawExchange(bytes: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(portOf(app), '127.0.0.1', () => socket.write(bytes));
    let received = '';
    socket.on('data', (chunk: Buffer) => { received += chunk.toString('latin1'); });
    socket.on('end', () => resolve(received));
    socket.on('error', reject);
  });
}

describe('every error is application/problem+json, never a framework default', () => {
  it('unknown paths answer 404', async () => {
    for (const path of ['/', '/v1', '/v2/labels', '/V1/labels', '/v1/users/x/preferences/extra', '/__probe/effects']) {
      expectProblem(await request(app.server).get(path).expect(404), 404);
    }
    // An empty label id is still the label route: authenticated first, then absent.
    expectProblem(await request(app.server).get('/v1/labels/').set('Authorization', tokens.fresh().auth).expect(404), 404);
  });

  it('a known path with another method answers 405 with Allow', async () => {
    const res = await request(app.server).put('/v1/labels/abc').expect(405);
    expectProblem(res, 405);
    expect(res.headers['allow']).toBe('GET, HEAD, DELETE, OPTIONS');
    expect((await request(app.server).post('/v1/users/u/preferences').expect(405)).headers['allow']).toBe('GET, HEAD, PATCH, OPTIONS');
    expect((await request(app.server).get('/v1/labels').expect(405)).headers['allow']).toBe('POST, OPTIONS');
    expectProblem(await request(app.server).delete('/healthz').expect(405), 405);
  });

  it('a body over the limit answers 413 (after auth and media type)', async () => {
    const user = tokens.fresh();
    const big = JSON.stringify({ name: 'x'.repeat(BODY_LIMIT_BYTES) });
    const res = await request(app.server).post('/v1/labels').set('Authorization', user.auth).type('application/json').send(big).expect(413);
    expectProblem(res, 413);
    await request(app.server).post('/v1/labels').type('application/json').send(big).expect(401);
  });

  it('a malformed URL or over-long path parameter answers 400 / 414 with the common headers', async () => {
    const bad = await request(app.server).get('/v1/labels/%E0%A4%A').expect(400);
    expectProblem(bad, 400);
    expect(bad.headers['cache-control']).toBe('private, no-store');
    expectProblem(await request(app.server).get(`/v1/labels/${'x'.repeat(200)}`).expect(414), 414);
  });

  it('malformed HTTP is answered with a problem on the raw socket, then the connection closes', async () => {
    for (const bytes of ['GARBAGE\r\n\r\n', 'GET /v1/labels HTTP/1.1\r\nHost: x\r\nContent-Length: abc\r\n\r\n',
      'GET / HTTP/1.1\r\nHost: x\r\nBad Header\r\n\r\n']) {
      const answer = await rawExchange(bytes);
      expect(answer).toMatch(/^HTTP\/1\.1 400 Bad Request\r\n/);
      expect(answer).toContain(`Content-Type: ${PROBLEM}\r\n`);
      expect(JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4))).toMatchObject({ status: 400 });
    }
  });

  it('no malformed PATCH ever yields a 5xx; only a valid one changes state (property)', async () => {
    const user = tokens.fresh();
    const bodies = fc.oneof(
      fc.json().map((text) => Buffer.from(text)),
      fc.record({ weeklyDigest: fc.oneof(fc.boolean(), fc.jsonValue()) }).map((body) => Buffer.from(JSON.stringify(body))),
      fc.uint8Array({ maxLength: 64 }).map((bytes) => Buffer.from(bytes)),
    );
    const types = fc.constantFrom('application/json', 'application/json; charset=utf-8', 'text/plain', 'application/xml', '');
    await fc.assert(fc.asyncProperty(bodies, types, async (body, type) => {
      const before = await currentPrefs(app, user);
      const headers: Record<string, string> = { authorization: user.auth, ...(type ? { 'content-type': type } : {}) };
      const res = await sendBytes(app, 'PATCH', prefsPath(user), headers, body);
      expect([204, 400, 415, 422]).toContain(res.status);
      if (res.status !== 204) {
        expect(res.headers.get('content-type')).toBe(PROBLEM);
        expect(await currentPrefs(app, user)).toEqual(before);
      }
    }), { numRuns: 60 });
  });
});

describe('store failure', () => {
  it('a store that cannot be reached answers 503 problem to reads, writes and /healthz, never a success', async () => {
    const broken = await openEmbeddedStore();
    const brokenApp = await readyApp(broken.store, tokens);
    try {
      const user = tokens.fresh();
      await request(brokenApp.server).get('/healthz').expect(200, { status: 'ok' });
      await broken.store.close();
      expectProblem(await request(brokenApp.server).get('/healthz').expect(503), 503);
      expectProblem(await request(brokenApp.server).get(prefsPath(user)).set('Authorization', user.auth).expect(503), 503);
      const write = await request(brokenApp.server).patch(prefsPath(user)).set('Authorization', user.auth)
        .type('application/json').send('{"weeklyDigest":true}').expect(503);
      expectProblem(write, 503);
      expect(write.headers['retry-after']).toBe('1');
      await request(brokenApp.server).post('/v1/labels').set('Authorization', user.auth).type('application/json').send('{"name":"a"}').expect(503);
      await request(brokenApp.server).delete('/v1/labels/lbl_000000000000000000000000').set('Authorization', user.auth).expect(503);
    } finally {
      await brokenApp.close();
      await broken.close().catch(() => {}); // the store is closed already; this removes its directory
    }
  });
});
