// When an attempt ended for the sender, for the delay rule: the earliest of the answer
// (sent by the scripted receiver), the reset, the sender closing the request, and its
// first byte plus the timeout the vendor stated (--sender-timeout-ms). The close alone
// can come late: urllib3 sleeps its backoff *before* it closes a timed-out socket, so
// its close and its next attempt arrive together, although the attempt ended for the
// sender when its timeout ran out.
import type { Attempt } from './scripted-receiver.ts';

/** performance.now() of the attempt's end, or undefined while it is open and no stated timeout ends it. */
export function attemptEnd(attempt: Attempt, statedTimeoutMs: number | undefined): number | undefined {
  const byTimeout = statedTimeoutMs === undefined ? undefined : attempt.arrivedAt + statedTimeoutMs;
  if (attempt.endedAt === undefined) return byTimeout;
  return byTimeout === undefined ? attempt.endedAt : Math.min(attempt.endedAt, byTimeout);
}

/**
 * Without a stated timeout, an unanswered attempt's end is its close; a close that comes
 * with the next attempt (within this) may have followed the delay rather than preceded it,
 * so that delay cannot be judged.
 */
export const CLOSE_WITH_NEXT_MS = 50;

/** The attempt got no answer, no stated timeout ends it, and the next attempt came with its close: its delay cannot be seen. */
export function endUnseen(before: Attempt, next: Attempt, statedTimeoutMs: number | undefined): boolean {
  return statedTimeoutMs === undefined && before.answer === 'no-answer' && before.endedAt !== undefined && next.arrivedAt - before.endedAt < CLOSE_WITH_NEXT_MS;
}
