// The probe API (CONTRACTS §4): off by default; on, it counts effects and can make
// the next commit fail — which must then answer 503 and change nothing.
import type { FastifyInstance } from 'fastify';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EmbeddedStore } from './testing/open-embedded-store.ts';
import { createLabel, currentPrefs, deletedEffects, labelStatus, patchPrefs } from './testing/api-requests.ts';
import { openEmbeddedStore } from './testing/open-embedded-store.ts';
import { readyApp } from './testing/ready-app.ts';
import { TestTokens } from './testing/test-tokens.ts';

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

const failNextCommit = () => request(app.server).post('/__probe/fail-next-commit').expect(204);

describe('probe off (default)', () => {
  it('answers 404 on both probe routes', async () => {
    const plain = await readyApp(embedded.store, tokens);
    try {
      await request(plain.server).get('/__probe/effects?kind=label.deleted&subject=x').expect(404);
      await request(plain.server).post('/__probe/fail-next-commit').expect(404);
    } finally {
      await plain.close();
    }
  });
});

describe('probe on', () => {
  it('counts label.deleted effects per label, without auth', async () => {
    const user = tokens.fresh();
    const id = await createLabel(app, user);
    expect(await deletedEffects(app, id)).toBe(0);
    await request(app.server).delete(`/v1/labels/${id}`).set('Authorization', user.auth).expect(204);
    expect(await deletedEffects(app, id)).toBe(1);
    expect(await deletedEffects(app, 'lbl_never')).toBe(0);
  });

  it('answers 400 problem when kind or subject is missing or repeated', async () => {
    for (const query of ['', '?kind=label.deleted', '?subject=x', '?kind=&subject=x', '?kind=a&kind=b&subject=x']) {
      const res = await request(app.server).get(`/__probe/effects${query}`).expect(400);
      expect(res.headers['content-type']).toBe('application/problem+json');
    }
  });

  it('fail-next-commit: the next PATCH answers 503 and nothing changed; the one after succeeds', async () => {
    const user = tokens.fresh();
    const before = await currentPrefs(app, user);
    await failNextCommit();
    const failed = await patchPrefs(app, user, true);
    expect(failed.status).toBe(503);
    expect(failed.headers['content-type']).toBe('application/problem+json');
    expect(await currentPrefs(app, user)).toEqual(before);
    expect((await patchPrefs(app, user, true)).status).toBe(204);
  });

  it('fail-next-commit: the next DELETE answers 503, the label stays and no effect is recorded', async () => {
    const user = tokens.fresh();
    const id = await createLabel(app, user);
    await failNextCommit();
    await request(app.server).delete(`/v1/labels/${id}`).set('Authorization', user.auth).expect(503);
    expect(await labelStatus(app, user, id)).toBe(200);
    expect(await deletedEffects(app, id)).toBe(0);
    await request(app.server).delete(`/v1/labels/${id}`).set('Authorization', user.auth).expect(204);
    expect(await deletedEffects(app, id)).toBe(1);
  });

  it('fail-next-commit waits for a mutation that changes something (not a 422, 412 or 404)', async () => {
    const user = tokens.fresh();
    await failNextCommit();
    await request(app.server).patch(`/v1/users/${user.id}/preferences`).set('Authorization', user.auth)
      .type('application/json').send('{}').expect(422);
    await request(app.server).patch(`/v1/users/${user.id}/preferences`).set('Authorization', user.auth)
      .set('If-Match', '"v999"').type('application/json').send('{"weeklyDigest":true}').expect(412);
    await request(app.server).delete('/v1/labels/lbl_000000000000000000000000').set('Authorization', user.auth).expect(404);
    expect((await patchPrefs(app, user, true)).status).toBe(503);
  });
});
