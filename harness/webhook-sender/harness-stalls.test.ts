import { describe, expect, it } from 'vitest';
import { answerTooLate, answerWaitMs, stallAround, UNSTATED_TIMEOUT_FLOOR_MS } from './harness-stalls.ts';
import type { NoiseReading } from './scheduling-noise.ts';
import type { Answer, Attempt } from './scripted-receiver.ts';

/** A noise reading whose process was held `late` ms over each span [from, to], and never otherwise. */
function heldAt(...holds: ReadonlyArray<{ from: number; to: number; late: number }>): NoiseReading {
  return {
    maxLateMs: Math.max(0, ...holds.map((h) => h.late)),
    slowestStartMs: undefined,
    lateBetween: (from, to) => Math.max(0, ...holds.filter((h) => h.from <= to && h.to >= from).map((h) => h.late)),
  };
}

const attempt = (n: number, arrivedAt: number, answer: Answer, endedAt?: number): Attempt => ({ n, arrivedAt, answer, method: 'POST', headers: {}, ...(endedAt === undefined ? {} : { endedAt }) });

describe('stallAround', () => {
  it('counts a hold while an answered attempt was recorded, not only one during the delay after it', () => {
    // bench:under-load, fetch-retry, retry-300: arrival, answer and the next arrival recorded within 1 ms, after a hold of 2 s.
    const noise = heldAt({ from: 1_000, to: 3_000, late: 2_000 });
    expect(stallAround(noise, attempt(1, 3_000, 300, 3_000), 3_000, attempt(2, 3_001, 202))).toBe(2_000);
  });

  it('leaves out the wait of an unanswered attempt, but not its arrival', () => {
    const during = heldAt({ from: 2_000, to: 2_300, late: 300 });
    expect(stallAround(during, attempt(1, 0, 'no-answer', 5_100), 5_000, attempt(2, 5_260, 202))).toBe(0);
    const atArrival = heldAt({ from: -300, to: 0, late: 300 });
    expect(stallAround(atArrival, attempt(1, 0, 'no-answer', 5_100), 5_000, attempt(2, 5_260, 202))).toBe(300);
  });
});

describe('answerTooLate', () => {
  // bench:under-load, fetch-retry, retry-511: attempt 2 recorded 4 s after it was sent; the sender's 2 s timeout ran out first.
  const held = heldAt({ from: 1_000, to: 5_064, late: 4_000 });
  const attempts = [attempt(1, 0, 511, 1), attempt(2, 5_064, 202, 5_065), attempt(3, 5_065, 202, 5_065), attempt(4, 6_487, 202, 6_487)];

  it('finds the answer held past the stated timeout', () => {
    expect(answerWaitMs(held, attempts[1]!)).toBe(4_001);
    expect(answerTooLate(held, attempts, 2_000)).toEqual({ n: 2, waitMs: 4_001, timeoutMs: 2_000, stated: true });
  });

  it('without a stated timeout, takes an answer held a second as possibly too late', () => {
    expect(answerTooLate(held, attempts, undefined)).toEqual({ n: 2, waitMs: 4_001, timeoutMs: UNSTATED_TIMEOUT_FLOOR_MS, stated: false });
  });

  it('finds none where every answer came at once: extra attempts are then the sender\'s', () => {
    const quiet = heldAt({ from: 0, to: 10_000, late: 4 });
    expect(answerTooLate(quiet, [attempt(1, 0, 429, 1), attempt(2, 260, 429, 261)], 2_000)).toBeUndefined();
    expect(answerTooLate(quiet, [attempt(1, 0, 429, 1), attempt(2, 260, 429, 261)], undefined)).toBeUndefined();
  });

  it('does not count the last attempt, nor one never answered', () => {
    expect(answerTooLate(held, [attempt(1, 0, 202, 1), attempt(2, 5_064, 202, 5_065)].slice(1), 2_000)).toBeUndefined();
    expect(answerTooLate(held, [attempt(1, 5_064, 'no-answer', 9_000), attempt(2, 9_300, 202, 9_301)], 2_000)).toBeUndefined();
  });
});
