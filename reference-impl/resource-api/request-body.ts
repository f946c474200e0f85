// Reading the mutation bodies: syntax first (400), then shape and types (422).
// Unknown members are rejected (422) rather than dropped: a client must never
// believe a field was stored when it was not.
import { ProblemError } from './problem.ts';

const utf8 = new TextDecoder('utf-8', { fatal: true });
/** Fault utf8-replaced only: bytes that are not UTF-8 become U+FFFD. */
const replacingUtf8 = new TextDecoder('utf-8');

/** 400 unless the body is one well-formed UTF-8 JSON document (a leading BOM is ignored, RFC 8259 §8.1). */
export function parseJsonBody(body: unknown, replaceInvalidUtf8: boolean): unknown {
  const bytes = Buffer.isBuffer(body) ? body : Buffer.alloc(0);
  try {
    return JSON.parse((replaceInvalidUtf8 ? replacingUtf8 : utf8).decode(bytes)) as unknown;
  }
  catch {
    const why = bytes.length === 0 ? 'the request has no content' : 'the content is not valid UTF-8 JSON';
    throw new ProblemError('malformed-json', `${why}; send a JSON object`);
  }
}

/** A short rendering of a received value for a problem detail (never the whole input). */
function shown(value: unknown): string {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 40 ? `${text.slice(0, 40)}…` : text;
}

function requireObject(value: unknown, example: string): Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    const kind = value === null ? 'null' : Array.isArray(value) ? 'an array' : `a ${typeof value}`;
    throw new ProblemError('invalid-body', `the body is ${kind}; expected a JSON object like ${example}`);
  }
  return value as Record<string, unknown>;
}

function rejectUnknownMembers(body: Record<string, unknown>, known: string): void {
  const unknown = Object.keys(body).filter((key) => key !== known);
  if (unknown.length > 0) {
    throw new ProblemError('invalid-body', `unknown member(s) ${unknown.slice(0, 5).map(shown).join(', ')}; only "${known}" is accepted`);
  }
}

/** The weeklyDigest of a PATCH preferences body. `lenient` coerces wrong types (fault wrong-type-accepted). */
export function readPreferencesPatch(json: unknown, lenient: boolean): boolean {
  const body = requireObject(json, '{"weeklyDigest": true}');
  rejectUnknownMembers(body, 'weeklyDigest');
  if (!Object.hasOwn(body, 'weeklyDigest')) {
    throw new ProblemError('invalid-body', 'member "weeklyDigest" is missing; expected {"weeklyDigest": true|false}');
  }
  const value = body['weeklyDigest'];
  if (typeof value === 'boolean') return value;
  if (lenient) return Boolean(value);
  throw new ProblemError('invalid-body', `member "weeklyDigest" must be a boolean, got ${shown(value)}`);
}

/** The name of a POST label body. `lenient` coerces wrong types (fault wrong-type-accepted). */
export function readLabelCreate(json: unknown, lenient: boolean): string {
  const body = requireObject(json, '{"name": "work"}');
  rejectUnknownMembers(body, 'name');
  if (!Object.hasOwn(body, 'name')) {
    throw new ProblemError('invalid-body', 'member "name" is missing; expected {"name": "<non-empty string>"}');
  }
  const value = body['name'];
  if (typeof value === 'string' && value.length > 0) return value;
  if (lenient && value !== '') return JSON.stringify(value);
  const why = typeof value === 'string' ? 'must not be empty' : `must be a string, got ${shown(value)}`;
  throw new ProblemError('invalid-body', `member "name" ${why}`);
}
