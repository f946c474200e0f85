// Each fault switch must really break the behaviour it names, so the self-test can
// prove every conformance check able to fail. (The raw-wire faults are proved in
// wire-framing.test.ts; the race faults — concurrent-delete-both-succeed, concurrent-delete-409,
// lock-per-request, no-row-lock — in concurrency.test.ts, multi-process-read-then-write
// in server.test.ts, where the server runs as its processes.)
import type { FastifyInstance } from 'fastify';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFaults } from '../shared/faults.ts';
import type { ResourceFault } from './faults.ts';
import { KNOWN_FAULTS } from './faults.ts';
import type { EmbeddedStore } from './testing/open-embedded-store.ts';
import type { TestUser } from './testing/test-tokens.ts';
import { createLabel, currentPrefs, deletedEffects, labelStatus, patchPrefs, prefsPath } from './testing/api-requests.ts';
import { openEmbeddedStore } from './testing/open-embedded-store.ts';
import { readyApp } from './testing/ready-app.ts';
import { TestTokens } from './testing/test-tokens.ts';

let embedded: EmbeddedStore;
const tokens = new TestTokens();
const apps: FastifyInstance[] = [];
let clean: FastifyInstance;

async function appWith(fault: ResourceFault, ackDelayMs?: number, lateCommitMs?: number): Promise<FastifyInstance> {
  const app = await readyApp(embedded.store, tokens, { faults: [fault], probe: true, ackDelayMs, lateCommitMs });
  apps.push(app);
  return app;
}

beforeAll(async () => {
  embedded = await openEmbeddedStore();
  clean = await readyApp(embedded.store, tokens, { probe: true });
  apps.push(clean);
});
afterAll(async () => {
  for (const app of apps) await app.close();
  await embedded.close();
});

const patchAs = (app: FastifyInstance, path: string, auth: string | undefined, body: string, type = 'application/json') => {
  const req = request(app.server).patch(path).set('Content-Type', type);
  if (auth) void req.set('Authorization', auth);
  return req.send(body);
};
const deleteLabel = (app: FastifyInstance, id: string, user?: TestUser) => {
  const req = request(app.server).delete(`/v1/labels/${id}`);
  return user ? req.set('Authorization', user.auth) : req;
};
const failNextCommit = (app: FastifyInstance) => request(app.server).post('/__probe/fail-next-commit').expect(204);

const covered = new Set<string>(['body-after-204', 'content-length-on-204', 'chunked-204', 'crlf-after-204',
  'content-encoding-on-204', 'concurrent-delete-both-succeed', 'concurrent-delete-409', 'lock-per-request', 'no-row-lock', 'multi-process-read-then-write']);
const fault = (name: ResourceFault, title: string, fn: () => Promise<void>) => {
  covered.add(name);
  it(`${name}: ${title}`, fn);
};

describe('status and representation', () => {
  fault('patch-200-with-body', 'PATCH without Prefer answers 200 with JSON', async () => {
    const app = await appWith('patch-200-with-body');
    const res = await patchPrefs(app, tokens.fresh(), true);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ weeklyDigest: true });
  });
});

describe('DELETE idempotency and effects', () => {
  fault('repeated-delete-204', 'a repeated DELETE answers 204', async () => {
    const app = await appWith('repeated-delete-204');
    const user = tokens.fresh();
    const id = await createLabel(app, user);
    await deleteLabel(app, id, user).expect(204);
    await deleteLabel(app, id, user).expect(204);
  });

  fault('repeated-delete-effect', 'a repeated DELETE records a second effect', async () => {
    const app = await appWith('repeated-delete-effect');
    const user = tokens.fresh();
    const id = await createLabel(app, user);
    await deleteLabel(app, id, user).expect(204);
    await deleteLabel(app, id, user).expect(404);
    expect(await deletedEffects(app, id)).toBe(2);
  });

  fault('effect-before-commit', 'a DELETE whose commit fails still leaves its effect behind', async () => {
    const app = await appWith('effect-before-commit');
    const user = tokens.fresh();
    const id = await createLabel(app, user);
    await failNextCommit(app);
    await deleteLabel(app, id, user).expect(503);
    expect(await labelStatus(app, user, id)).toBe(200);
    expect(await deletedEffects(app, id)).toBe(1);
  });
});

describe('durability', () => {
  fault('ack-before-commit', 'the 204 arrives while a follow-up read still sees the old state', async () => {
    const app = await appWith('ack-before-commit', 1_000);
    const user = tokens.fresh();
    const id = await createLabel(app, user);
    expect((await patchPrefs(app, user, true)).status).toBe(204);
    expect((await currentPrefs(app, user)).weeklyDigest).toBe(false);
    await deleteLabel(app, id, user).expect(204);
    expect(await labelStatus(app, user, id)).toBe(200);
    await app.close(); // waits for the deferred commits
    expect((await currentPrefs(clean, user)).weeklyDigest).toBe(true);
    expect(await labelStatus(clean, user, id)).toBe(404);
  });

  fault('commit-after-204', 'PATCH and DELETE answer 204 and commit a moment after the answer was sent', async () => {
    const app = await appWith('commit-after-204', undefined, 1_000);
    const user = tokens.fresh();
    const id = await createLabel(app, user);
    expect((await patchPrefs(app, user, true)).status).toBe(204);
    expect((await currentPrefs(app, user)).weeklyDigest).toBe(false);
    await deleteLabel(app, id, user).expect(204);
    expect(await labelStatus(app, user, id)).toBe(200);
    // What a request is refused for is still decided before the answer: a stale If-Match is 412, an absent label 404.
    const stale = await request(app.server).patch(prefsPath(user)).set('Authorization', user.auth).set('If-Match', '"v9"')
      .set('Content-Type', 'application/json').send('{"weeklyDigest":false}');
    expect(stale.status).toBe(412);
    await deleteLabel(app, 'lbl_000000000000000000000000', user).expect(404);
    await app.close(); // waits for the deferred commits
    expect((await currentPrefs(clean, user)).weeklyDigest).toBe(true);
    expect(await labelStatus(clean, user, id)).toBe(404);
    expect(await deletedEffects(clean, id)).toBe(1);
  });

  fault('failed-commit-409', 'a failed commit is answered 409, not 503; nothing changed', async () => {
    const app = await appWith('failed-commit-409');
    const user = tokens.fresh();
    await failNextCommit(app);
    expect((await patchPrefs(app, user, true)).status).toBe(409);
    expect((await currentPrefs(app, user)).weeklyDigest).toBe(false);
  });

  fault('204-despite-failed-commit', 'a failed commit still answers 204; nothing changed', async () => {
    const app = await appWith('204-despite-failed-commit');
    const user = tokens.fresh();
    const id = await createLabel(app, user);
    await failNextCommit(app);
    expect((await patchPrefs(app, user, true)).status).toBe(204);
    expect((await currentPrefs(app, user)).weeklyDigest).toBe(false);
    await failNextCommit(app);
    await deleteLabel(app, id, user).expect(204);
    expect(await labelStatus(app, user, id)).toBe(200);
  });
});

describe('ETag and If-Match', () => {
  fault('etag-unchanged', 'the ETag is the same before and after a change', async () => {
    const app = await appWith('etag-unchanged');
    const user = tokens.fresh();
    const before = await currentPrefs(app, user);
    await patchPrefs(app, user, true);
    expect((await currentPrefs(app, user)).etag).toBe(before.etag);
  });

  fault('stale-etag-on-204', 'the 204 carries a tag other than the next GET\'s', async () => {
    const app = await appWith('stale-etag-on-204');
    const user = tokens.fresh();
    const res = await patchPrefs(app, user, true);
    expect(res.headers['etag']).not.toBe((await currentPrefs(app, user)).etag);
  });

  fault('if-match-ignored', 'a stale If-Match succeeds', async () => {
    const app = await appWith('if-match-ignored');
    const user = tokens.fresh();
    await request(app.server).patch(prefsPath(user)).set('Authorization', user.auth).set('If-Match', '"v42"')
      .type('application/json').send('{"weeklyDigest":true}').expect(204);
    expect((await currentPrefs(app, user)).weeklyDigest).toBe(true);
  });

  fault('if-match-first-tag-only', 'an If-Match list holding the current tag second answers 412', async () => {
    const app = await appWith('if-match-first-tag-only');
    const user = tokens.fresh();
    await request(app.server).patch(prefsPath(user)).set('Authorization', user.auth).set('If-Match', '"v42", "v0"')
      .type('application/json').send('{"weeklyDigest":true}').expect(412);
  });

  fault('if-match-before-existence', 'a conditional DELETE of an absent label answers 412', async () => {
    const app = await appWith('if-match-before-existence');
    const user = tokens.fresh();
    const id = await createLabel(app, user);
    await deleteLabel(app, id, user).expect(204);
    await deleteLabel(app, id, user).set('If-Match', '"v42"').expect(412);
    await deleteLabel(app, id, user).expect(404);
  });

  fault('412-but-applied', 'a stale If-Match answers 412 and applies the change anyway', async () => {
    const app = await appWith('412-but-applied');
    const user = tokens.fresh();
    const id = await createLabel(app, user);
    await request(app.server).patch(prefsPath(user)).set('Authorization', user.auth).set('If-Match', '"v42"')
      .type('application/json').send('{"weeklyDigest":true}').expect(412);
    expect((await currentPrefs(app, user)).weeklyDigest).toBe(true);
    await deleteLabel(app, id, user).set('If-Match', '"v42"').expect(412);
    expect(await labelStatus(app, user, id)).toBe(404);
  });
});

describe('authentication and permission', () => {
  fault('missing-auth-accepted', 'requests without a valid token succeed', async () => {
    const app = await appWith('missing-auth-accepted');
    const user = tokens.fresh();
    const id = await createLabel(clean, user);
    await patchAs(app, prefsPath(user), undefined, '{"weeklyDigest":true}').expect(204);
    expect((await currentPrefs(app, user)).weeklyDigest).toBe(true);
    await request(app.server).get(`/v1/labels/${id}`).set('Authorization', 'Bearer forged').expect(200);
  });

  fault('401-but-applied', 'a 401 is answered after the change was applied', async () => {
    const app = await appWith('401-but-applied');
    const user = tokens.fresh();
    const id = await createLabel(clean, user);
    await patchAs(app, prefsPath(user), undefined, '{"weeklyDigest":true}').expect(401);
    expect((await currentPrefs(app, user)).weeklyDigest).toBe(true);
    await deleteLabel(app, id).expect(401);
    expect(await labelStatus(app, user, id)).toBe(404);
  });

  fault('cross-user-write', 'a token PATCHes another user\'s preferences', async () => {
    const app = await appWith('cross-user-write');
    const [owner, other] = [tokens.fresh(), tokens.fresh()];
    await patchAs(app, prefsPath(owner), other.auth, '{"weeklyDigest":true}').expect(204);
    expect((await currentPrefs(app, owner)).weeklyDigest).toBe(true);
  });

  fault('403-but-applied', 'a 403 is answered after another user\'s preferences were changed', async () => {
    const app = await appWith('403-but-applied');
    const [owner, other] = [tokens.fresh(), tokens.fresh()];
    await patchAs(app, prefsPath(owner), other.auth, '{"weeklyDigest":true}').expect(403);
    expect((await currentPrefs(app, owner)).weeklyDigest).toBe(true);
  });

  fault('403-leaks-preferences', 'the 403 to another user\'s preferences carries them', async () => {
    const app = await appWith('403-leaks-preferences');
    const [owner, other] = [tokens.fresh(), tokens.fresh()];
    await patchPrefs(app, owner, true);
    const read = await request(app.server).get(prefsPath(owner)).set('Authorization', other.auth).expect(403);
    expect((read.body as { preferences?: unknown }).preferences).toEqual({ weeklyDigest: true });
    await patchAs(app, prefsPath(owner), other.auth, '{"weeklyDigest":false}').expect(403);
    expect((await currentPrefs(app, owner)).weeklyDigest).toBe(true);
  });

  fault('cross-user-label-read', 'another user\'s label can be read', async () => {
    const app = await appWith('cross-user-label-read');
    const [owner, other] = [tokens.fresh(), tokens.fresh()];
    const id = await createLabel(app, owner);
    await request(app.server).get(`/v1/labels/${id}`).set('Authorization', other.auth).expect(200);
  });

  fault('cross-user-label-delete', 'another user\'s label can be deleted', async () => {
    const app = await appWith('cross-user-label-delete');
    const [owner, other] = [tokens.fresh(), tokens.fresh()];
    const id = await createLabel(app, owner);
    await deleteLabel(app, id, other).expect(204);
    expect(await labelStatus(app, owner, id)).toBe(404);
  });
});

describe('the probe', () => {
  fault('probe-blind', 'the probe counts no effect of a deletion', async () => {
    const app = await appWith('probe-blind');
    const user = tokens.fresh();
    const id = await createLabel(app, user);
    await deleteLabel(app, id, user).expect(204);
    expect(await deletedEffects(app, id)).toBe(0);
    expect(await deletedEffects(clean, id)).toBe(1);
  });
});

describe('caching and CORS', () => {
  fault('public-caching', '/v1 responses may be stored by shared caches', async () => {
    const app = await appWith('public-caching');
    const user = tokens.fresh();
    const res = await request(app.server).get(prefsPath(user)).set('Authorization', user.auth).expect(200);
    expect(res.headers['cache-control']).toBe('public, max-age=300');
  });

  fault('cors-expose-missing', 'a browser cannot read ETag, Location, ...', async () => {
    const app = await appWith('cors-expose-missing');
    const user = tokens.fresh();
    const res = await request(app.server).get(prefsPath(user)).set('Authorization', user.auth).expect(200);
    expect(res.headers['access-control-expose-headers']).toBeUndefined();
  });

  fault('preflight-requires-auth', 'a preflight without a token is rejected', async () => {
    const app = await appWith('preflight-requires-auth');
    await request(app.server).options('/v1/labels').set('Access-Control-Request-Method', 'POST').expect(401);
  });
});

describe('compression', () => {
  fault('content-encoding-when-asked', 'a client that accepts gzip gets its 204s labelled Content-Encoding: gzip; one that does not, none', async () => {
    const app = await appWith('content-encoding-when-asked');
    const user = tokens.fresh();
    const asked = await request(app.server).patch(prefsPath(user)).set('Authorization', user.auth).set('Accept-Encoding', 'gzip, deflate, br')
      .set('Content-Type', 'application/json').send('{"weeklyDigest":true}');
    expect(asked.status).toBe(204);
    expect(asked.headers['content-encoding']).toBe('gzip');
    const plain = await request(app.server).patch(prefsPath(user)).set('Authorization', user.auth).set('Accept-Encoding', 'identity')
      .set('Content-Type', 'application/json').send('{"weeklyDigest":false}');
    expect(plain.status).toBe(204);
    expect(plain.headers['content-encoding']).toBeUndefined();
    // The bodies it labels are compressed for real (supertest inflates them again).
    const read = await request(app.server).get(prefsPath(user)).set('Authorization', user.auth).set('Accept-Encoding', 'gzip');
    expect(read.headers['content-encoding']).toBe('gzip');
    expect(read.body).toEqual({ weeklyDigest: false });
  });
});

describe('media type and input', () => {
  fault('text-plain-accepted', 'a text/plain body is parsed and applied', async () => {
    const app = await appWith('text-plain-accepted');
    const user = tokens.fresh();
    await patchAs(app, prefsPath(user), user.auth, '{"weeklyDigest":true}', 'text/plain').expect(204);
    expect((await currentPrefs(app, user)).weeklyDigest).toBe(true);
  });

  fault('strict-json-media-type', 'application/json with a charset is refused with 415', async () => {
    const app = await appWith('strict-json-media-type');
    const user = tokens.fresh();
    await patchAs(app, prefsPath(user), user.auth, '{"weeklyDigest":true}', 'application/json; charset=utf-8').expect(415);
    await patchAs(app, prefsPath(user), user.auth, '{"weeklyDigest":true}').expect(204);
  });

  fault('json-media-type-substring', 'a media type that only contains "json" is taken as JSON', async () => {
    const app = await appWith('json-media-type-substring');
    const user = tokens.fresh();
    await patchAs(app, prefsPath(user), user.auth, '{"weeklyDigest":true}', 'application/jsonp').expect(204);
    expect((await currentPrefs(app, user)).weeklyDigest).toBe(true);
    await patchAs(app, prefsPath(user), user.auth, '{"weeklyDigest":false}', 'text/plain').expect(415);
  });

  fault('no-www-authenticate', 'a 401 without a challenge', async () => {
    const app = await appWith('no-www-authenticate');
    const user = tokens.fresh();
    const res = await request(app.server).get(prefsPath(user)).expect(401);
    expect(res.headers['www-authenticate']).toBeUndefined();
  });

  fault('token-anywhere-in-header', 'a known token after another scheme name is accepted', async () => {
    const app = await appWith('token-anywhere-in-header');
    const user = tokens.fresh();
    await request(app.server).get(prefsPath(user)).set('Authorization', `XBearer ${user.token}`).expect(200);
  });

  fault('router-errors-500', 'an undecodable label path answers 500', async () => {
    const app = await appWith('router-errors-500');
    const user = tokens.fresh();
    await request(app.server).get('/v1/labels/%zz').set('Authorization', user.auth).expect(500);
  });

  fault('utf8-replaced', 'a label name that is not UTF-8 is created', async () => {
    const app = await appWith('utf8-replaced');
    const user = tokens.fresh();
    const body = Buffer.concat([Buffer.from('{"name":"w'), Buffer.from([0xff]), Buffer.from('rk"}')]);
    await request(app.server).post('/v1/labels').set('Authorization', user.auth).set('Content-Type', 'application/json').serialize((b: unknown) => b as string).send(body).expect(201);
  });

  fault('missing-content-type-500', 'a body without Content-Type answers 500', async () => {
    const app = await appWith('missing-content-type-500');
    const user = tokens.fresh();
    await request(app.server).patch(prefsPath(user)).set('Authorization', user.auth).send(Buffer.from('{"weeklyDigest":true}')).unset('Content-Type').expect(500);
  });

  fault('oversize-body-500', 'a body over the limit answers 500, not 413', async () => {
    const app = await appWith('oversize-body-500');
    const user = tokens.fresh();
    await patchAs(app, prefsPath(user), user.auth, JSON.stringify({ weeklyDigest: 'x'.repeat(100_000) })).expect(500);
  });

  fault('415-but-applied', 'a 415 is answered after the body was applied', async () => {
    const app = await appWith('415-but-applied');
    const user = tokens.fresh();
    await patchAs(app, prefsPath(user), user.auth, '{"weeklyDigest":true}', 'text/plain').expect(415);
    expect((await currentPrefs(app, user)).weeklyDigest).toBe(true);
  });

  fault('wrong-type-accepted', 'weeklyDigest "yes" and a numeric name are accepted', async () => {
    const app = await appWith('wrong-type-accepted');
    const user = tokens.fresh();
    await patchAs(app, prefsPath(user), user.auth, '{"weeklyDigest":"yes"}').expect(204);
    expect((await currentPrefs(app, user)).weeklyDigest).toBe(true);
    await request(app.server).post('/v1/labels').set('Authorization', user.auth).type('application/json').send('{"name":5}').expect(201);
  });
});

describe('faults of representations and error bodies', () => {
  fault('digest-as-string', 'GET preferences answers weeklyDigest as a string', async () => {
    const app = await appWith('digest-as-string');
    const user = tokens.fresh();
    await patchPrefs(app, user, true);
    expect((await currentPrefs(app, user)).weeklyDigest).toBe('true');
  });

  fault('post-label-200', 'POST /v1/labels answers 200', async () => {
    const app = await appWith('post-label-200');
    const res = await request(app.server).post('/v1/labels').set('Authorization', tokens.fresh().auth).type('application/json').send('{"name":"x"}');
    expect(res.status).toBe(200);
    expect(typeof (res.body as { id?: unknown }).id).toBe('string');
  });

  fault('label-get-envelope', 'GET label answers {"data": {...}}', async () => {
    const app = await appWith('label-get-envelope');
    const user = tokens.fresh();
    const id = await createLabel(app, user, 'enveloped');
    const res = await request(app.server).get(`/v1/labels/${id}`).set('Authorization', user.auth).expect(200);
    expect(res.body).toEqual({ data: { id, name: 'enveloped' } });
  });

  fault('empty-error-bodies', 'errors of PATCH and DELETE carry no content; other errors keep theirs', async () => {
    const app = await appWith('empty-error-bodies');
    const patch = await patchAs(app, prefsPath('anyone'), undefined, '{"weeklyDigest":true}');
    expect(patch.status).toBe(401);
    expect(patch.text).toBe('');
    const deletion = await deleteLabel(app, 'lbl_000000000000000000000000', tokens.fresh());
    expect(deletion.status).toBe(404);
    expect(deletion.text).toBe('');
    const read = await request(app.server).get(prefsPath('anyone'));
    expect(read.status).toBe(401);
    expect(read.text).not.toBe('');
  });
});

describe('the fault list', () => {
  it('every known fault is proved by a test', () => {
    expect([...covered].sort()).toEqual([...KNOWN_FAULTS].sort());
  });

  it('faults are inert unless enabled, and an unknown name is refused', () => {
    expect(readFaults({ WIRECHECK_FAULTS: 'etag-unchanged' }, KNOWN_FAULTS).size).toBe(0);
    expect(() => readFaults({ CONFORMANCE_FAULTS_ENABLED: '1', WIRECHECK_FAULTS: 'etag-unchnged' }, KNOWN_FAULTS)).toThrow(/unknown fault/);
  });
});
