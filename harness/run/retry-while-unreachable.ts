// --wait-for: a deployment that is still starting (a staging roll-out, a container
// coming up beside the CI job) is retried until it answers or the time is up. Only the
// failure a system's start reports as "not reachable" is retried — nothing answered —
// so any HTTP answer, right or wrong, ends the wait and the preflight judges it.
import { setTimeout as sleep } from 'node:timers/promises';
import { ERROR_CODES, WirecheckError } from '../errors.ts';

export interface RetryWatcher {
  /** The attempt failed with the target unreachable, and it will be tried again. */
  waiting(elapsedMs: number): void;
  /** It answered, after `elapsedMs` (0: at the first attempt). */
  reached(elapsedMs: number): void;
  /** The time is up; the error it throws follows. */
  gaveUp(): void;
}

const PAUSE_MS = 500;

const isUnreachable = (error: unknown): error is WirecheckError =>
  error instanceof WirecheckError && error.code === ERROR_CODES.targetUnreachable;

export const seconds = (ms: number): string => `${Number((ms / 1000).toFixed(1))} s`;

/** The usual unreachable message, and how long it was waited for. */
function waitedTooLong(error: WirecheckError, elapsedMs: number, waitForMs: number): WirecheckError {
  return new WirecheckError(ERROR_CODES.targetUnreachable,
    `${error.message} Waited ${seconds(elapsedMs)} for it to answer (--wait-for ${waitForMs / 1000}); if it takes longer to start, give a larger --wait-for.`,
    { cause: error });
}

/**
 * `attempt` until it does not fail with an unreachable target, for up to `waitForMs`
 * (0: once, its failure as it is). An attempt that hangs until its own timeout may end
 * past the deadline: the message says how long it really waited.
 */
export async function retryWhileUnreachable<T>(attempt: () => Promise<T>, waitForMs: number, watcher: RetryWatcher, pauseMs = PAUSE_MS): Promise<T> {
  const started = Date.now();
  for (;;) {
    try {
      const value = await attempt();
      watcher.reached(Date.now() - started);
      return value;
    } catch (error) {
      const elapsed = Date.now() - started;
      if (!isUnreachable(error) || waitForMs === 0) throw error;
      if (elapsed >= waitForMs) {
        watcher.gaveUp();
        throw waitedTooLong(error, elapsed, waitForMs);
      }
      watcher.waiting(elapsed);
      await sleep(Math.min(pauseMs, waitForMs - elapsed));
    }
  }
}
