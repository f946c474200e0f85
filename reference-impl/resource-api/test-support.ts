// Helpers of this directory's tests (not imported by the service): a store per test
// file, fresh users per test, and apps with chosen faults.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import request from 'supertest';
import { buildApp } from './app.ts';
import type { ResourceFault } from './faults.ts';
import type { TokenTable } from './token-table.ts';
import { openStore } from '../store/open-store.ts';
import type { SqlStore } from '../store/sql-store.ts';

export interface TestUser {
  readonly id: string;
  readonly token: string;
  readonly auth: string;
}

/** A token table that tests can add users to; the lookup is the same contract as the real one. */
export class TestTokens implements TokenTable {
  readonly #byToken = new Map<string, string>();
  get users(): readonly string[] { return [...new Set(this.#byToken.values())]; }
  userFor(token: string): string | undefined { return this.#byToken.get(token); }
  /** A user no earlier test has touched, with a token of its own. */
  fresh(prefix = 'u'): TestUser {
    const id = `${prefix}-${randomBytes(5).toString('hex')}`;
    const token = `tok-${randomBytes(12).toString('hex')}`;
    this.#byToken.set(token, id);
    return { id, token, auth: `Bearer ${token}` };
  }
}

export interface EmbeddedStore {
  readonly store: SqlStore;
  close(): Promise<void>;
}

export async function openEmbeddedStore(): Promise<EmbeddedStore> {
  const dataDir = mkdtempSync(join(tmpdir(), 'wirecheck-ra-test-'));
  const store = await openStore({ dataDir });
  return {
    store,
    async close() {
      try {
        await store.close();
      } finally {
        rmSync(dataDir, { recursive: true, force: true });
      }
    },
  };
}

export interface AppOptions {
  readonly faults?: readonly ResourceFault[];
  readonly probe?: boolean;
  readonly ackDelayMs?: number;
}

/** A listening app (supertest then reuses its server instead of starting one per request). */
export async function readyApp(store: SqlStore, tokens: TokenTable, options: AppOptions = {}): Promise<FastifyInstance> {
  const app = buildApp({
    store, tokens, faults: new Set(options.faults ?? []), probe: options.probe ?? false, ackDelayMs: options.ackDelayMs,
  });
  await listen(app);
  return app;
}

export function portOf(app: FastifyInstance): number {
  const address = app.server.address();
  if (address === null || typeof address === 'string') throw new Error('app is not listening on TCP');
  return address.port;
}

/** Listens on a free loopback port; resolves to the port. */
export async function listen(app: FastifyInstance): Promise<number> {
  await app.listen({ host: '127.0.0.1', port: 0 });
  return portOf(app);
}

export function prefsPath(user: TestUser | string): string {
  return `/v1/users/${typeof user === 'string' ? user : user.id}/preferences`;
}

/** GET the preferences as their owner. */
export async function currentPrefs(app: FastifyInstance, user: TestUser): Promise<{ weeklyDigest: unknown; etag: string | undefined }> {
  const res = await request(app.server).get(prefsPath(user)).set('Authorization', user.auth).expect(200);
  return { weeklyDigest: (res.body as { weeklyDigest: unknown }).weeklyDigest, etag: res.headers['etag'] as string | undefined };
}

export async function patchPrefs(app: FastifyInstance, user: TestUser, weeklyDigest: unknown): Promise<request.Response> {
  return request(app.server).patch(prefsPath(user)).set('Authorization', user.auth)
    .set('Content-Type', 'application/json').send(JSON.stringify({ weeklyDigest }));
}

/** Creates a label owned by user; resolves to its id. */
export async function createLabel(app: FastifyInstance, user: TestUser, name = 'work'): Promise<string> {
  const res = await request(app.server).post('/v1/labels').set('Authorization', user.auth)
    .set('Content-Type', 'application/json').send(JSON.stringify({ name })).expect(201);
  return (res.body as { id: string }).id;
}

export async function labelStatus(app: FastifyInstance, user: TestUser, id: string): Promise<number> {
  return (await request(app.server).get(`/v1/labels/${id}`).set('Authorization', user.auth)).status;
}

/** Probe: label.deleted effects of a label (the app must run with probe on). */
export async function deletedEffects(app: FastifyInstance, id: string): Promise<number> {
  const res = await request(app.server).get('/__probe/effects').query({ kind: 'label.deleted', subject: id }).expect(200);
  return (res.body as { count: number }).count;
}

export interface RawAnswer {
  readonly status: number;
  readonly headers: Headers;
  readonly text: string;
}

/** A request whose body bytes are sent exactly as given (supertest re-encodes Buffers as JSON). */
export async function sendBytes(
  app: FastifyInstance, method: string, path: string, headers: Record<string, string>, body: Buffer,
): Promise<RawAnswer> {
  const res = await fetch(`http://127.0.0.1:${portOf(app)}${path}`, { method, headers, body });
  return { status: res.status, headers: res.headers, text: await res.text() };
}
