// Assertions on a device server's answers, phrased as the spec states them: where it
// names a failure without a status, "not 2xx" is the rule; a removed route is judged
// against the server's own answer to a route it never had.
import { expect } from 'vitest';
import { looksLikeSessionList } from './session-listing.ts';
import { describeAnswer, isSuccess, type W3cAnswer } from './w3c-answer.ts';

export function expectSuccess(answer: W3cAnswer, what: string): void {
  expect(isSuccess(answer), `${what}: expected 2xx, got ${describeAnswer(answer)}`).toBe(true);
}

export function expectRefused(answer: W3cAnswer, what: string): void {
  expect(isSuccess(answer), `${what} must fail (any non-2xx status); got ${describeAnswer(answer)}`).toBe(false);
}

/** Not 2xx; a W3C error body, when there is one, must carry `code`. */
export function expectFailureCode(answer: W3cAnswer, code: string, what: string): void {
  expectRefused(answer, what);
  if (answer.error) expect(answer.error.error, `${what}: the W3C error must be "${code}"; got ${describeAnswer(answer)}`).toBe(code);
}

export function expectUnknownCommand(answer: W3cAnswer, what: string): void {
  expectFailureCode(answer, 'unknown command', `${what} (a removed route)`);
}

/**
 * A removed route must answer as a route that never existed does: not 2xx, the same
 * status and the same W3C error code (or none) as `madeUp`, sent the same way. An
 * answer of its own (`invalid session id` on an unknown session, `unsupported
 * operation` on a live one) shows the server still routes it.
 */
export function expectAnswersAsUnknownRoute(answer: W3cAnswer, madeUp: W3cAnswer, what: string): void {
  const shown = `${what} must answer as a made-up route does (${describeAnswer(madeUp)}): it is removed, so it is an unknown command like any route the server never had; it answered ${describeAnswer(answer)}`;
  expectRefused(answer, what);
  expect(answer.status, shown).toBe(madeUp.status);
  expect(answer.error?.error, shown).toBe(madeUp.error?.error);
}

/** `GET {vendor}/sessions` where it must be unavailable: not 2xx, no list, and not naming the session `id` that exists. */
export function expectListingUnavailable(answer: W3cAnswer, what: string, id?: string, hint = ''): void {
  expect(isSuccess(answer), `${what} must be unavailable (any non-2xx status), yet answered ${describeAnswer(answer)}${hint}`).toBe(false);
  expect(looksLikeSessionList(answer), `${what} must not list sessions; got ${describeAnswer(answer)}${hint}`).toBe(false);
  if (id) expect(answer.text.includes(id), `${what} must not name the active session ${id}; got ${describeAnswer(answer)}${hint}`).toBe(false);
}

export function expectStatus(answer: W3cAnswer, status: number, what: string): void {
  expect(answer.status, `${what}: expected ${status}, got ${describeAnswer(answer)}`).toBe(status);
}
