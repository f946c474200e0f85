// What a delivery leaves behind: every attempt with its result and timing, and the
// outcome the spec's rules gave it.
import type { SenderResponse } from './post-once.ts';
import type { Verdict } from './retry-schedule.ts';

export interface AttemptRecord {
  /** 1-based. */
  readonly attempt: number;
  /** ISO time the attempt started, by the sender's clock. */
  readonly startedAt: string;
  readonly durationMs: number;
  /** The answer's status, when there was an answer. */
  readonly status?: number;
  /** "CODE: message" when there was no complete answer (ECONNRESET, TIMEOUT, ...). */
  readonly error?: string;
  readonly verdict: Verdict;
  /** The delay slept before the next attempt; absent after the last one. */
  readonly delayAfterMs?: number;
}

/** delivered: a 2xx · rejected: a 4xx (or another permanent failure) · exhausted: the cap was reached. */
export type DeliveryOutcome = 'delivered' | 'rejected' | 'exhausted';

export interface DeliveryResult {
  readonly outcome: DeliveryOutcome;
  readonly attempts: readonly AttemptRecord[];
  /**
   * The answer returned: the 2xx, the 4xx, or — when exhausted — the last attempt's
   * answer (absent when the last attempt got none; its `error` says why).
   */
  readonly response?: SenderResponse;
  /** Where an exhausted delivery was written for an operator to list and replay. */
  readonly deadLetter?: { readonly deliveryId: string; readonly file: string };
}
