// Assertions on a device server's answers, phrased as the spec states them: where it
// names a failure without a status, "not 2xx" is the rule; a W3C error code is
// asserted only where the spec names the failure (unknown command, invalid session).
import { expect } from 'vitest';
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

export function expectStatus(answer: W3cAnswer, status: number, what: string): void {
  expect(answer.status, `${what}: expected ${status}, got ${describeAnswer(answer)}`).toBe(status);
}
