// Requests the resource API's own tests make of a ready app (supertest, or fetch for exact bytes).
import type { FastifyInstance } from 'fastify';
import request from 'supertest';
import { portOf } from './ready-app.ts';
import type { TestUser } from './test-tokens.ts';

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
