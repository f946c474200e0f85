// JSON request bodies. A Content-Type other than application/json (type and subtype in
// any letter case, parameters allowed) is a 415 before the body is read; a body sent
// without Content-Type is read as JSON. No body, text that is not JSON, and JSON of
// the wrong shape are all a 400. The text is decoded as Hono does (bytes that are not
// UTF-8 become U+FFFD). Bodies over 4 MiB are refused by Hono's bodyLimit (413).
import type { Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { refuse } from './errors.ts';

export const limitBody = bodyLimit({ maxSize: 4 * 1024 * 1024 });

function mediaType(contentType: string): string {
  return (contentType.split(';')[0] ?? '').trim().toLowerCase();
}

export async function readJson(c: Context): Promise<unknown> {
  const contentType = c.req.header('Content-Type');
  if (contentType !== undefined && mediaType(contentType) !== 'application/json') refuse(415, 'The body must be application/json.');
  const text = await c.req.text();
  if (text.trim() === '') refuse(400, 'A JSON body is required.');
  try {
    return JSON.parse(text) as unknown;
  } catch {
    refuse(400, 'The body is not valid JSON.');
  }
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** {"weeklyDigest": boolean}; other fields are ignored. */
export function preferencesPatch(body: unknown): { weeklyDigest: boolean } {
  if (!isPlainObject(body) || typeof body['weeklyDigest'] !== 'boolean') refuse(400, 'weeklyDigest must be a boolean.');
  return { weeklyDigest: body['weeklyDigest'] };
}

/** {"name": string}. */
export function labelInput(body: unknown): { name: string } {
  const name = isPlainObject(body) ? body['name'] : undefined;
  if (typeof name !== 'string') refuse(400, 'name must be a string.');
  return { name };
}
