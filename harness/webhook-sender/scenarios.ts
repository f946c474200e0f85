// The answer scripts the sender is put through, one delivery each. The statuses are not a
// sample: they sweep every status a mainstream retry library treats specially (urllib3's
// Retry, got, axios-retry, Go's retryablehttp, fetch's redirect handling), because a
// sender built on one of them inherits its special cases — retrying 408, 425 or 429, giving
// up on 501, following a redirect — and the spec's table has no exceptions:
//   Status 400 to 499 | Stop at once; no retry (permanent rejection).
//   Any other non-success result (for example 503) | Retry after a delay, if attempts remain.
import type { Answer } from './scripted-receiver.ts';

export interface Scenario {
  /** Also its path segment on the scripted receiver. */
  readonly name: string;
  readonly answers: readonly Answer[];
}

export const SUCCESS_STATUSES = [200, 201, 204, 299] as const;
/** 4xx: the common ones, and those libraries retry (408, 413, 425, 429) or treat apart (401, 403, 405, 410). */
export const REJECT_STATUSES = [400, 401, 403, 404, 405, 408, 409, 410, 413, 422, 425, 429, 499] as const;
/** 5xx: the common ones, and those libraries give up on (501, 505) or leave out of their retry lists (507, 511). */
export const SERVER_ERROR_STATUSES = [500, 501, 502, 503, 504, 505, 507, 511] as const;
/** 3xx without Location: nothing to follow, so the answer is the attempt's result, a non-success. */
export const REDIRECT_STATUSES = [300, 301, 302, 303, 307, 308] as const;
/** 3xx with a Location (on the scripted receiver, answering 202): a sender may follow it or retry. */
export const LOCATION_STATUSES = [301, 302, 303, 307, 308] as const;
/** Every status the retry rule covers without a Location: retried, and the 202 that follows ends the delivery. */
export const RETRY_STATUSES = [...SERVER_ERROR_STATUSES, ...REDIRECT_STATUSES] as const;

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
    ...LOCATION_STATUSES.map((s) => ({ name: `moved-${s}`, answers: [{ status: s, location: true } as const, 202] })),
    // After the answer that ends the delivery, a 503 or a 202: a second attempt is seen, whatever it gets.
    ...SUCCESS_STATUSES.map((s) => ({ name: `success-${s}`, answers: [s, 503] })),
    ...REJECT_STATUSES.map((s) => ({ name: `reject-${s}`, answers: [s, 202] })),
  ];
}
