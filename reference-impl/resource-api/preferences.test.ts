import type { FastifyInstance } from 'fastify';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EmbeddedStore } from './testing/open-embedded-store.ts';
import { currentPrefs, patchPrefs, prefsPath, sendBytes } from './testing/api-requests.ts';
import { openEmbeddedStore } from './testing/open-embedded-store.ts';
import { readyApp } from './testing/ready-app.ts';
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

const patch = (path: string) => request(app.server).patch(path);

describe('GET /v1/users/{user_id}/preferences', () => {
  it('answers the defaults for a user who never wrote any, with a strong ETag', async () => {
    const user = tokens.fresh();
    const res = await request(app.server).get(prefsPath(user)).set('Authorization', user.auth).expect(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.body).toEqual({ weeklyDigest: false });
    expect(res.headers['etag']).toMatch(/^"[^"]+"$/);
  });

  it('answers HEAD with the same headers and no body', async () => {
    const user = tokens.fresh();
    const res = await request(app.server).head(prefsPath(user)).set('Authorization', user.auth).expect(200);
    expect(res.headers['etag']).toBe((await currentPrefs(app, user)).etag);
    expect(res.text ?? '').toBe('');
    await request(app.server).head(prefsPath(user)).expect(401);
  });
});

describe('PATCH /v1/users/{user_id}/preferences', () => {
  it('answers 204 with no content; a following GET returns the new value', async () => {
    const user = tokens.fresh();
    const res = await patchPrefs(app, user, true);
    expect(res.status).toBe(204);
    expect(res.text ?? '').toBe('');
    expect(res.headers['content-length']).toBeUndefined();
    expect(res.headers['content-type']).toBeUndefined();
    expect((await currentPrefs(app, user)).weeklyDigest).toBe(true);
    await patchPrefs(app, user, false).then((r) => expect(r.status).toBe(204));
    expect((await currentPrefs(app, user)).weeklyDigest).toBe(false);
  });

  it('carries the new ETag on the 204, equal to the next GET\'s, and different from the old one', async () => {
    const user = tokens.fresh();
    const before = await currentPrefs(app, user);
    const res = await patchPrefs(app, user, true);
    const after = await currentPrefs(app, user);
    expect(res.headers['etag']).toBe(after.etag);
    expect(after.etag).not.toBe(before.etag);
  });

  it('accepts application/json with parameters and in any letter case', async () => {
    const user = tokens.fresh();
    for (const type of ['application/json; charset=utf-8', 'Application/JSON', 'application/json;charset=UTF-8']) {
      await patch(prefsPath(user)).set('Authorization', user.auth).set('Content-Type', type)
        .send('{"weeklyDigest":true}').expect(204);
    }
  });
});

describe('If-Match on PATCH preferences', () => {
  it('proceeds with the current tag and answers 412 with a stale one, changing nothing', async () => {
    const user = tokens.fresh();
    const { etag: initial } = await currentPrefs(app, user);
    const ok = await patch(prefsPath(user)).set('Authorization', user.auth).set('If-Match', initial ?? '')
      .type('application/json').send('{"weeklyDigest":true}').expect(204);
    const stale = await patch(prefsPath(user)).set('Authorization', user.auth).set('If-Match', initial ?? '')
      .type('application/json').send('{"weeklyDigest":false}').expect(412);
    expect(stale.headers['content-type']).toBe(PROBLEM);
    expect(await currentPrefs(app, user)).toEqual({ weeklyDigest: true, etag: ok.headers['etag'] });
  });

  it('matches * (the preferences always exist) and a list holding the current tag', async () => {
    const user = tokens.fresh();
    await patch(prefsPath(user)).set('Authorization', user.auth).set('If-Match', '*').type('application/json')
      .send('{"weeklyDigest":true}').expect(204);
    const { etag } = await currentPrefs(app, user);
    await patch(prefsPath(user)).set('Authorization', user.auth).set('If-Match', `"nope", ${etag}`).type('application/json')
      .send('{"weeklyDigest":false}').expect(204);
  });

  it('never matches a weak, malformed or foreign tag (strong comparison)', async () => {
    const user = tokens.fresh();
    await patchPrefs(app, user, true);
    const { etag } = await currentPrefs(app, user);
    for (const tag of [`W/${etag}`, (etag ?? '').replaceAll('"', ''), '"other"', '', `${etag} garbage`]) {
      await patch(prefsPath(user)).set('Authorization', user.auth).set('If-Match', tag).type('application/json')
        .send('{"weeklyDigest":false}').expect(412);
    }
    expect((await currentPrefs(app, user)).weeklyDigest).toBe(true);
  });

  it('checks the body (422) before the precondition (412)', async () => {
    const user = tokens.fresh();
    await patch(prefsPath(user)).set('Authorization', user.auth).set('If-Match', '"stale"').type('application/json')
      .send('{"weeklyDigest":"yes"}').expect(422);
  });
});

describe('Prefer on PATCH preferences', () => {
  it('return=representation answers 200 with the representation and Preference-Applied', async () => {
    const user = tokens.fresh();
    const res = await patch(prefsPath(user)).set('Authorization', user.auth).set('Prefer', 'return=representation')
      .type('application/json').send('{"weeklyDigest":true}').expect(200);
    expect(res.body).toEqual({ weeklyDigest: true });
    expect(res.headers['preference-applied']).toBe('return=representation');
    expect(res.headers['etag']).toBe((await currentPrefs(app, user)).etag);
  });

  it('return=minimal answers 204 with Preference-Applied; no Prefer answers 204 without it', async () => {
    const user = tokens.fresh();
    const minimal = await patch(prefsPath(user)).set('Authorization', user.auth).set('Prefer', 'respond-async, return=minimal')
      .type('application/json').send('{"weeklyDigest":true}').expect(204);
    expect(minimal.headers['preference-applied']).toBe('return=minimal');
    const plain = await patchPrefs(app, user, false);
    expect(plain.status).toBe(204);
    expect(plain.headers['preference-applied']).toBeUndefined();
  });
});

describe('authentication and permission', () => {
  it('401 with WWW-Authenticate: Bearer for a missing or unknown token; nothing changes', async () => {
    const user = tokens.fresh();
    for (const auth of [undefined, 'Bearer not-a-token', 'Basic dXNlcjpwYXNz', 'Bearer', user.token]) {
      const req = patch(prefsPath(user)).type('application/json');
      if (auth !== undefined) void req.set('Authorization', auth);
      const res = await req.send('{"weeklyDigest":true}').expect(401);
      expect(res.headers['www-authenticate']).toMatch(/^Bearer\b/);
      expect(res.headers['content-type']).toBe(PROBLEM);
    }
    await request(app.server).get(prefsPath(user)).expect(401);
    expect((await currentPrefs(app, user)).weeklyDigest).toBe(false);
  });

  it('403 for another user\'s preferences, read or write, without leaking them; nothing changes', async () => {
    const [owner, other] = [tokens.fresh(), tokens.fresh()];
    await patchPrefs(app, owner, true);
    const read = await request(app.server).get(prefsPath(owner)).set('Authorization', other.auth).expect(403);
    expect(read.headers['etag']).toBeUndefined();
    expect(read.text).not.toContain('weeklyDigest');
    await patch(prefsPath(owner)).set('Authorization', other.auth).type('application/json').send('{"weeklyDigest":false}').expect(403);
    await patch(prefsPath('nobody-at-all')).set('Authorization', other.auth).type('application/json').send('{"weeklyDigest":false}').expect(403);
    expect((await currentPrefs(app, owner)).weeklyDigest).toBe(true);
  });

  it('checks auth (401) before permission (403) before the media type (415)', async () => {
    const [owner, other] = [tokens.fresh(), tokens.fresh()];
    await patch(prefsPath(owner)).type('text/plain').send('x').expect(401);
    await patch(prefsPath(owner)).set('Authorization', other.auth).type('text/plain').send('x').expect(403);
    await patch(prefsPath(owner)).set('Authorization', owner.auth).type('text/plain').send('x').expect(415);
  });
});

describe('input errors change nothing', () => {
  it('415 for any media type but application/json, before the body is read', async () => {
    const user = tokens.fresh();
    const cases: Array<[string | undefined, string]> = [
      ['text/plain', '{"weeklyDigest":true}'], ['application/x-www-form-urlencoded', 'weeklyDigest=true'],
      ['application/merge-patch+json', '{"weeklyDigest":true}'], ['application/jsonx', '{"weeklyDigest":true}'],
      [undefined, '{"weeklyDigest":true}'], ['text/plain', 'not json at all'],
    ];
    for (const [type, body] of cases) {
      const req = patch(prefsPath(user)).set('Authorization', user.auth);
      if (type) void req.set('Content-Type', type);
      const res = await req.send(Buffer.from(body)).expect(415);
      expect(res.headers['content-type']).toBe(PROBLEM);
    }
    expect((await currentPrefs(app, user)).weeklyDigest).toBe(false);
  });

  it('400 for a body that is not JSON (including empty and invalid UTF-8)', async () => {
    const user = tokens.fresh();
    for (const body of [Buffer.from('{"weeklyDigest":'), Buffer.from(''), Buffer.from([0x7b, 0xff, 0x7d])]) {
      const res = await sendBytes(app, 'PATCH', prefsPath(user), { authorization: user.auth, 'content-type': 'application/json' }, body);
      expect(res.status).toBe(400);
      expect(res.headers.get('content-type')).toBe(PROBLEM);
      expect(JSON.parse(res.text)).toMatchObject({ status: 400, title: expect.any(String), type: expect.any(String), detail: expect.any(String) });
    }
  });

  it('422 for a missing or non-boolean weeklyDigest, a non-object body or an unknown member', async () => {
    const user = tokens.fresh();
    for (const body of ['{}', '{"weeklyDigest":"yes"}', '{"weeklyDigest":1}', '{"weeklyDigest":null}', '[]', 'null', 'true',
      '"weeklyDigest"', '{"weeklyDigest":true,"other":1}', '{"__proto__":{"weeklyDigest":true}}']) {
      const res = await patch(prefsPath(user)).set('Authorization', user.auth).type('application/json').send(body).expect(422);
      expect(res.headers['content-type']).toBe(PROBLEM);
    }
    expect((await currentPrefs(app, user)).weeklyDigest).toBe(false);
  });
});
