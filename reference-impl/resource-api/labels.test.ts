import type { FastifyInstance } from 'fastify';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EmbeddedStore } from './testing/open-embedded-store.ts';
import { createLabel, deletedEffects, labelStatus, sendBytes } from './testing/api-requests.ts';
import { openEmbeddedStore } from './testing/open-embedded-store.ts';
import { readyApp } from './testing/ready-app.ts';
import { TestTokens } from './testing/test-tokens.ts';

const PROBLEM = 'application/problem+json';
let embedded: EmbeddedStore;
let app: FastifyInstance;
const tokens = new TestTokens();

beforeAll(async () => {
  embedded = await openEmbeddedStore();
  app = await readyApp(embedded.store, tokens, { probe: true });
});
afterAll(async () => {
  await app.close();
  await embedded.close();
});

const del = (id: string, auth: string) => request(app.server).delete(`/v1/labels/${id}`).set('Authorization', auth);

describe('POST /v1/labels', () => {
  it('answers 201 with {id, name}, a Location that addresses the label and an ETag', async () => {
    const user = tokens.fresh();
    const res = await request(app.server).post('/v1/labels').set('Authorization', user.auth)
      .type('application/json').send('{"name":"work"}').expect(201);
    expect(res.body).toEqual({ id: expect.any(String), name: 'work' });
    const { id } = res.body as { id: string };
    expect(res.headers['location']).toBe(`/v1/labels/${id}`);
    expect(res.headers['etag']).toMatch(/^"[^"]+"$/);
    const got = await request(app.server).get(res.headers['location'] as string).set('Authorization', user.auth).expect(200);
    expect(got.body).toEqual({ id, name: 'work' });
    expect(got.headers['etag']).toBe(res.headers['etag']);
  });

  it('keeps any non-empty name exactly, including U+0000 and lone surrogates', async () => {
    const user = tokens.fresh();
    for (const name of ['a\u0000b', '\ud800', ' ', 'ünïcødé 🏷️', 'x'.repeat(10_000)]) {
      const id = await createLabel(app, user, name);
      const got = await request(app.server).get(`/v1/labels/${id}`).set('Authorization', user.auth).expect(200);
      expect((got.body as { name: string }).name).toBe(name);
    }
  });

  it('401 without a valid token, 415 for another media type, 400 for bad JSON, 422 for a bad name', async () => {
    const user = tokens.fresh();
    const post = () => request(app.server).post('/v1/labels');
    await post().type('application/json').send('{"name":"x"}').expect(401);
    await post().set('Authorization', 'Bearer nope').type('text/plain').send('{"name":"x"}').expect(401);
    await post().set('Authorization', user.auth).type('text/plain').send('{"name":"x"}').expect(415);
    const bad = await sendBytes(app, 'POST', '/v1/labels', { authorization: user.auth, 'content-type': 'application/json' }, Buffer.from('{"name":'));
    expect(bad.status).toBe(400);
    for (const body of ['{}', '{"name":""}', '{"name":5}', '{"name":null}', '{"name":["a"]}', '[]', '"name"', '{"name":"a","id":"x"}']) {
      const res = await post().set('Authorization', user.auth).type('application/json').send(body).expect(422);
      expect(res.headers['content-type']).toBe(PROBLEM);
    }
  });
});

describe('GET and DELETE /v1/labels/{label_id}', () => {
  it('DELETE answers 204 with no content; GET then 404; a repeated DELETE 404; one side effect', async () => {
    const user = tokens.fresh();
    const id = await createLabel(app, user);
    expect(await labelStatus(app, user, id)).toBe(200);
    const first = await del(id, user.auth).expect(204);
    expect(first.text ?? '').toBe('');
    expect(first.headers['content-length']).toBeUndefined();
    expect(await labelStatus(app, user, id)).toBe(404);
    const again = await del(id, user.auth).expect(404);
    expect(again.headers['content-type']).toBe(PROBLEM);
    expect(await deletedEffects(app, id)).toBe(1);
  });

  it('another user\'s label answers 404 to GET and DELETE, exactly like an absent one, and stays', async () => {
    const [owner, other] = [tokens.fresh(), tokens.fresh()];
    const id = await createLabel(app, owner);
    const read = await request(app.server).get(`/v1/labels/${id}`).set('Authorization', other.auth).expect(404);
    const absent = await request(app.server).get('/v1/labels/lbl_000000000000000000000000').set('Authorization', other.auth).expect(404);
    expect(read.body).toEqual(absent.body);
    await del(id, other.auth).expect(404);
    expect(await labelStatus(app, owner, id)).toBe(200);
    expect(await deletedEffects(app, id)).toBe(0);
  });

  it('401 before anything else, also for absent labels', async () => {
    const user = tokens.fresh();
    const id = await createLabel(app, user);
    await request(app.server).get(`/v1/labels/${id}`).expect(401);
    await request(app.server).delete(`/v1/labels/${id}`).expect(401);
    await request(app.server).delete('/v1/labels/absent').set('Authorization', 'Bearer x').expect(401);
    expect(await labelStatus(app, user, id)).toBe(200);
  });

  it('an id the service never issues is simply absent (404), whatever it holds', async () => {
    const user = tokens.fresh();
    for (const id of ['x', '%00', 'lbl_%F0%9F%8F%B7', encodeURIComponent('../labels'), 'LBL_000000000000000000000000']) {
      await request(app.server).get(`/v1/labels/${id}`).set('Authorization', user.auth).expect(404);
      await del(id, user.auth).expect(404);
    }
  });

  it('DELETE with If-Match: current tag or * deletes; a stale tag is 412 and the label stays; absent is 404', async () => {
    const user = tokens.fresh();
    const [a, b] = [await createLabel(app, user), await createLabel(app, user)];
    const etag = (await request(app.server).get(`/v1/labels/${a}`).set('Authorization', user.auth)).headers['etag'] as string;
    const stale = await del(a, user.auth).set('If-Match', '"v999"').expect(412);
    expect(stale.headers['content-type']).toBe(PROBLEM);
    expect(await labelStatus(app, user, a)).toBe(200);
    expect(await deletedEffects(app, a)).toBe(0);
    await del(a, user.auth).set('If-Match', etag).expect(204);
    await del(b, user.auth).set('If-Match', '*').expect(204);
    await del(b, user.auth).set('If-Match', '*').expect(404);
    await del(a, user.auth).set('If-Match', etag).expect(404);
  });
});
