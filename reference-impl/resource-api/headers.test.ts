// Caching, CORS and request ids: what every response carries.
import type { FastifyInstance } from 'fastify';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EmbeddedStore } from './testing/open-embedded-store.ts';
import { createLabel, currentPrefs, prefsPath } from './testing/api-requests.ts';
import { openEmbeddedStore } from './testing/open-embedded-store.ts';
import { readyApp } from './testing/ready-app.ts';
import { TestTokens } from './testing/test-tokens.ts';

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

const EXPOSED = ['ETag', 'Location', 'Preference-Applied', 'X-Request-Id'];

/** One response of every kind on /v1: 200, 201, 204, 401, 403, 404, 405, 412, 415, 422. */
async function v1Responses(): Promise<request.Response[]> {
  const [user, other] = [tokens.fresh(), tokens.fresh()];
  const id = await createLabel(app, user);
  const s = app.server;
  return Promise.all([
    request(s).get(prefsPath(user)).set('Authorization', user.auth).expect(200),
    request(s).post('/v1/labels').set('Authorization', user.auth).type('application/json').send('{"name":"n"}').expect(201),
    request(s).patch(prefsPath(user)).set('Authorization', user.auth).type('application/json').send('{"weeklyDigest":true}').expect(204),
    request(s).get(prefsPath(user)).expect(401),
    request(s).get(prefsPath(user)).set('Authorization', other.auth).expect(403),
    request(s).get(`/v1/labels/${id}`).set('Authorization', other.auth).expect(404),
    request(s).put(`/v1/labels/${id}`).expect(405),
    request(s).delete(`/v1/labels/${id}`).set('Authorization', user.auth).set('If-Match', '"v9"').expect(412),
    request(s).post('/v1/labels').set('Authorization', user.auth).type('text/plain').send('x').expect(415),
    request(s).post('/v1/labels').set('Authorization', user.auth).type('application/json').send('{}').expect(422),
  ]);
}

describe('caching of user-specific responses', () => {
  it('every /v1 response is Cache-Control: private, no-store with Vary: Authorization', async () => {
    for (const res of await v1Responses()) {
      expect(res.headers['cache-control'], `status ${res.status}`).toBe('private, no-store');
      expect(res.headers['vary'], `status ${res.status}`).toMatch(/\bAuthorization\b/);
    }
  });
});

describe('CORS', () => {
  it('actual /v1 responses allow any origin and expose ETag, Location, Preference-Applied, X-Request-Id', async () => {
    for (const res of await v1Responses()) {
      expect(res.headers['access-control-allow-origin']).toBe('*');
      const exposed = String(res.headers['access-control-expose-headers']).split(/\s*,\s*/);
      expect(exposed).toEqual(expect.arrayContaining(EXPOSED));
      expect(res.headers['access-control-allow-credentials']).toBeUndefined();
    }
  });

  it('a preflight answers 204 with methods, headers and max-age, without a token', async () => {
    const res = await request(app.server).options('/v1/users/anyone/preferences')
      .set('Origin', 'https://app.example').set('Access-Control-Request-Method', 'PATCH')
      .set('Access-Control-Request-Headers', 'authorization, content-type, if-match, prefer').expect(204);
    expect(res.text ?? '').toBe('');
    expect(res.headers['access-control-allow-origin']).toBe('*');
    expect(res.headers['access-control-allow-methods']).toContain('PATCH');
    for (const header of ['Authorization', 'Content-Type', 'If-Match', 'Prefer']) {
      expect(res.headers['access-control-allow-headers']).toContain(header);
    }
    expect(Number(res.headers['access-control-max-age'])).toBeGreaterThan(0);
    const labels = await request(app.server).options('/v1/labels/lbl_000000000000000000000000').expect(204);
    expect(labels.headers['access-control-allow-methods']).toContain('DELETE');
  });

  it('a preflight authorizes nothing and touches nothing, whatever token it carries', async () => {
    const [user, other] = [tokens.fresh(), tokens.fresh()];
    const before = await currentPrefs(app, user);
    await request(app.server).options(prefsPath(user)).set('Authorization', other.auth)
      .set('Access-Control-Request-Method', 'PATCH').expect(204);
    await request(app.server).options(prefsPath(user)).set('Authorization', 'Bearer forged').expect(204);
    expect(await currentPrefs(app, user)).toEqual(before);
    // The actual request still needs its own authorization.
    await request(app.server).patch(prefsPath(user)).set('Authorization', other.auth).type('application/json').send('{"weeklyDigest":true}').expect(403);
  });
});

describe('request ids', () => {
  it('every response carries X-Request-Id; a plain client-supplied one is echoed', async () => {
    const res = await request(app.server).get('/healthz').set('X-Request-Id', 'trace-42.a:b').expect(200);
    expect(res.headers['x-request-id']).toBe('trace-42.a:b');
    const hostile = await request(app.server).get('/healthz').set('X-Request-Id', 'x'.repeat(500)).expect(200);
    expect(hostile.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    for (const r of await v1Responses()) expect(r.headers['x-request-id']).toEqual(expect.any(String));
  });

  it('/healthz is not a /v1 response: no user caching rules or CORS headers there', async () => {
    const res = await request(app.server).get('/healthz').expect(200, { status: 'ok' });
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
  });
});
