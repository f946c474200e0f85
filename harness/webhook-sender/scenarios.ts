// The answer scripts the sender is put through, one delivery each (issue 20's list):
// a 2xx at once; 503s then a 202; each 4xx; 3xx and 5xx; a reset; no answer; 503 to the cap.
import type { Answer } from './scripted-receiver.ts';

export interface Scenario {
  /** Also its path segment on the scripted receiver. */
  readonly name: string;
  readonly answers: readonly Answer[];
}

export const SUCCESS_STATUSES = [200, 201, 204, 299] as const;
export const REJECT_STATUSES = [400, 401, 404, 409, 422, 499] as const;
export const RETRY_STATUSES = [500, 502, 504, 302, 307] as const;

/** 503s before the 202 of `retry-then-202`: three where the cap allows four attempts or more. */
export function failuresBeforeSuccess(cap: number): number {
  return Math.min(3, cap - 1);
}

/** Longest first: their waits overlap the start-up of the rest. */
export function senderScenarios(cap: number): Scenario[] {
  return [
    { name: 'cap', answers: [503] },
    { name: 'no-answer', answers: ['no-answer', 202] },
    { name: 'retry-then-202', answers: [...Array<Answer>(failuresBeforeSuccess(cap)).fill(503), 202, 503] },
    { name: 'reset', answers: ['reset', 202] },
    ...RETRY_STATUSES.map((s) => ({ name: `retry-${s}`, answers: [s, 202] })),
    // After the answer that ends the delivery, a 503 or a 202: a second attempt is seen, whatever it gets.
    ...SUCCESS_STATUSES.map((s) => ({ name: `success-${s}`, answers: [s, 503] })),
    ...REJECT_STATUSES.map((s) => ({ name: `reject-${s}`, answers: [s, 202] })),
  ];
}
