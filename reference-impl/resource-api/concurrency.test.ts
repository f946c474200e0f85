// Races over real sockets, on the embedded store and (with DATABASE_URL) on a real
// PostgreSQL in a schema of its own: concurrent DELETEs of one label end absent with
// ONE effect (one 204, 404 to the rest); concurrent PATCHes carrying the same
// If-Match give exactly one 204 and 412 to the rest. And the race faults lose those
// races: concurrent-delete-both-succeed (a widened window) every time, lock-per-request
// and no-row-lock (PostgreSQL only: PGlite serves one query, and one transaction, at a
// time) within a few races, as narrow as they are.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseUrl, dropSchema, postgresSkipReason, uniqueSchemaName } from '../../test/testing/postgres.ts';
import type { TestUser } from './testing/test-tokens.ts';
import { createLabel, currentPrefs, deletedEffects, labelStatus, prefsPath } from './testing/api-requests.ts';
import { portOf, readyApp } from './testing/ready-app.ts';
import { TestTokens } from './testing/test-tokens.ts';
import { openStore } from '../store/open-store.ts';
import type { SqlStore } from '../store/sql-store.ts';

const RACERS = 8;
const adapters = [
  { name: 'pglite', skip: undefined as string | undefined },
  { name: 'postgres', skip: postgresSkipReason() },
];

describe.each(adapters)('concurrency on $name', ({ name, skip }) => {
  const tokens = new TestTokens();
  const schema = uniqueSchemaName('wct_ra');
  let dataDir: string | undefined;
  let store: SqlStore;
  let app: FastifyInstance;
  let faulty: FastifyInstance;
  let conflicting: FastifyInstance;
  const racy = new Map<string, FastifyInstance>();

  beforeAll(async () => {
    if (skip) return;
    if (name === 'pglite') dataDir = mkdtempSync(join(tmpdir(), 'wirecheck-ra-race-'));
    store = await openStore(name === 'postgres' ? { databaseUrl, schema, maxConnections: RACERS + 2 } : { dataDir });
    app = await readyApp(store, tokens, { probe: true });
    faulty = await readyApp(store, tokens, { probe: true, faults: ['concurrent-delete-both-succeed'] });
    conflicting = await readyApp(store, tokens, { probe: true, faults: ['concurrent-delete-409'] });
    for (const fault of ['lock-per-request', 'no-row-lock'] as const) racy.set(fault, await readyApp(store, tokens, { probe: true, faults: [fault] }));
  });
  afterAll(async () => {
    if (skip) return;
    await app.close();
    await faulty.close();
    await conflicting.close();
    for (const racyApp of racy.values()) await racyApp.close();
    await store.close();
    if (name === 'postgres') await dropSchema(schema);
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  const race = (target: FastifyInstance, n: number, init: (i: number) => RequestInit, path: string) =>
    Promise.all(Array.from({ length: n }, (_, i) =>
      fetch(`http://127.0.0.1:${portOf(target)}${path}`, init(i)).then(async (res) => {
        await res.arrayBuffer();
        return res.status;
      })));

  const deleteRace = (target: FastifyInstance, user: TestUser, id: string) =>
    race(target, RACERS, () => ({ method: 'DELETE', headers: { authorization: user.auth } }), `/v1/labels/${id}`);

  it.skipIf(skip)(`${RACERS} concurrent DELETEs: one 204, 404 to the rest, absent, exactly one effect`, async () => {
    const user = tokens.fresh();
    const id = await createLabel(app, user);
    const statuses = await deleteRace(app, user, id);
    expect(statuses.filter((s) => s === 204)).toHaveLength(1);
    expect(statuses.filter((s) => s === 404)).toHaveLength(RACERS - 1);
    expect(await labelStatus(app, user, id)).toBe(404);
    expect(await deletedEffects(app, id)).toBe(1);
  });

  it.skipIf(skip)(`${RACERS} concurrent PATCHes with the same If-Match: one 204, 412 to the rest`, async () => {
    const user = tokens.fresh();
    const { etag } = await currentPrefs(app, user);
    const statuses = await race(app, RACERS, (i) => ({
      method: 'PATCH',
      headers: { authorization: user.auth, 'content-type': 'application/json', 'if-match': etag ?? '' },
      body: JSON.stringify({ weeklyDigest: i % 2 === 0 }),
    }), prefsPath(user));
    expect(statuses.filter((s) => s === 204)).toHaveLength(1);
    expect(statuses.filter((s) => s === 412)).toHaveLength(RACERS - 1);
    expect((await currentPrefs(app, user)).etag).not.toBe(etag);
  });

  it.skipIf(skip)('the same race again, once the preferences row exists (UPDATE path)', async () => {
    const user = tokens.fresh();
    await race(app, 1, () => ({ method: 'PATCH', headers: { authorization: user.auth, 'content-type': 'application/json' }, body: '{"weeklyDigest":true}' }), prefsPath(user));
    const { etag } = await currentPrefs(app, user);
    const statuses = await race(app, RACERS, () => ({
      method: 'PATCH',
      headers: { authorization: user.auth, 'content-type': 'application/json', 'if-match': etag ?? '' },
      body: '{"weeklyDigest":false}',
    }), prefsPath(user));
    expect(statuses.sort()).toEqual([204, ...Array<number>(RACERS - 1).fill(412)]);
  });

  it.skipIf(skip)('fault concurrent-delete-both-succeed: the race is lost, several 204s and several effects', async () => {
    const user = tokens.fresh();
    const id = await createLabel(faulty, user);
    const statuses = await deleteRace(faulty, user, id);
    expect(statuses.filter((s) => s === 204).length).toBeGreaterThan(1);
    expect(await deletedEffects(faulty, id)).toBeGreaterThan(1);
  });

  it.skipIf(skip)('fault concurrent-delete-409: a DELETE meeting another of its label answers 409; the label still ends absent with one effect', async (ctx) => {
    if (name === 'pglite') return ctx.skip('PGlite runs each query to its end before the next request is read, so no two DELETEs are in flight together: the fault needs PostgreSQL');
    const user = tokens.fresh();
    const id = await createLabel(conflicting, user);
    const statuses = await deleteRace(conflicting, user, id);
    expect(statuses).toContain(409);
    expect(statuses.filter((s) => s === 204)).toHaveLength(1);
    expect(await labelStatus(conflicting, user, id)).toBe(404);
    expect(await deletedEffects(conflicting, id)).toBe(1);
  });

  // Narrow races: each is tried up to RACES times, and must be lost at least once.
  const RACES = 10;
  const racyCases = [
    { fault: 'lock-per-request', skip: name === 'pglite' ? 'PGlite runs each query to its end before the next request is read: the fault needs PostgreSQL' : undefined },
    { fault: 'no-row-lock', skip: name === 'pglite' ? 'PGlite runs one transaction at a time: the fault needs PostgreSQL' : undefined },
  ];
  for (const { fault, skip: why } of racyCases) {
    it.skipIf(skip ?? why)(`fault ${fault}: concurrent DELETEs of one label write more than one effect, within ${RACES} races`, async () => {
      const target = racy.get(fault) as FastifyInstance;
      const user = tokens.fresh();
      let most = 0;
      for (let attempt = 0; attempt < RACES && most <= 1; attempt++) {
        const id = await createLabel(target, user);
        await deleteRace(target, user, id);
        most = Math.max(most, await deletedEffects(target, id));
      }
      expect(most).toBeGreaterThan(1);
    });

    it.skipIf(skip ?? why)(`fault ${fault}: of concurrent PATCHes with one If-Match more than one succeeds, within ${RACES} races`, async () => {
      const target = racy.get(fault) as FastifyInstance;
      const user = tokens.fresh();
      let most = 0;
      for (let attempt = 0; attempt < RACES && most <= 1; attempt++) {
        const { etag } = await currentPrefs(target, user);
        const statuses = await race(target, RACERS, () => ({
          method: 'PATCH',
          headers: { authorization: user.auth, 'content-type': 'application/json', 'if-match': etag ?? '' },
          body: '{"weeklyDigest":true}',
        }), prefsPath(user));
        most = Math.max(most, statuses.filter((s) => s === 204).length);
      }
      expect(most).toBeGreaterThan(1);
    });
  }
});
