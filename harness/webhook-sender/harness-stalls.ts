// When a busy machine held the harness itself, what it recorded of an attempt may not be
// what the sender lived. This process records an arrival when it gets to it, which can be
// seconds after the request came (bench:under-load, 2026-11-29: a process held 4 s at nice
// 15 beside 16 busy loops recorded two attempts within 1 ms of each other that the sender
// had sent 2.5 s apart), and it answers only then: a sender whose timeout ran out meanwhile
// retried an attempt the harness answered with a success, as it should. Neither is
// evidence about the sender.
import type { Attempt } from './scripted-receiver.ts';
import { BASE_TOLERANCE_MS, type NoiseReading } from './scheduling-noise.ts';

/**
 * The longest the harness was held while an attempt and the delay after it were recorded:
 * an answered attempt is short, so the whole span from its arrival to the next one's; an
 * unanswered one waits out the sender's timeout, so its arrival, then from its end on.
 */
export function stallAround(noise: NoiseReading, before: Attempt, end: number, next: Attempt): number {
  if (before.answer === 'no-answer') return Math.max(noise.lateBetween(before.arrivedAt, before.arrivedAt), noise.lateBetween(end, next.arrivedAt));
  return noise.lateBetween(before.arrivedAt, next.arrivedAt);
}

/**
 * How long the sender may have waited for our answer to an attempt: the hold that may have
 * made its arrival late, and the time from its arrival to our answer. Undefined for an
 * attempt we did not answer.
 */
export function answerWaitMs(noise: NoiseReading, attempt: Attempt): number | undefined {
  if (attempt.answer === 'no-answer' || attempt.endedAt === undefined) return undefined;
  return noise.lateBetween(attempt.arrivedAt, attempt.arrivedAt) + Math.round(attempt.endedAt - attempt.arrivedAt);
}

/** Without --sender-timeout-ms, an answer held this long may have come after a sender's timeout. */
export const UNSTATED_TIMEOUT_FLOOR_MS = 1_000;

/** An answer that may have reached the sender only after its timeout ran out. */
export interface LateAnswer {
  readonly n: number;
  readonly waitMs: number;
  /** The timeout it may have outlasted: the stated one, or UNSTATED_TIMEOUT_FLOOR_MS. */
  readonly timeoutMs: number;
  readonly stated: boolean;
}

/**
 * The first attempt, of those followed by another, whose answer the harness held long
 * enough for the sender's timeout to run out first: extra attempts after it may be the
 * sender retrying a timed-out attempt, as it should.
 */
export function answerTooLate(noise: NoiseReading, attempts: readonly Attempt[], statedTimeoutMs: number | undefined): LateAnswer | undefined {
  const timeoutMs = statedTimeoutMs ?? UNSTATED_TIMEOUT_FLOOR_MS;
  for (const attempt of attempts.slice(0, -1)) {
    const waitMs = answerWaitMs(noise, attempt);
    // The sender's timeout started when it sent, a little before the request arrived.
    if (waitMs !== undefined && waitMs + BASE_TOLERANCE_MS >= timeoutMs) return { n: attempt.n, waitMs, timeoutMs, stated: statedTimeoutMs !== undefined };
  }
  return undefined;
}
