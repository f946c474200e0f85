// Before any suite runs against an external target: is anything answering there?
// A refused connection or a timeout is a configuration problem (exit 2), reported
// with the URL and what to check — not forty failed checks.
import { ERROR_CODES, WirecheckError } from '../errors.ts';
import { ExchangeError } from '../http/index.ts';
import { targetFetch } from '../http/target-fetch.ts';
import { scaledLimit, scaledNote } from './machine-pace.ts';

/** The first answer's limit: the harness's own, stretched for a busy machine. */
const FIRST_ANSWER_MS = 10_000;

export async function preflight(label: string, url: string, init: RequestInit = {}): Promise<number> {
  const limitMs = scaledLimit(FIRST_ANSWER_MS);
  try {
    const response = await targetFetch(url, { ...init, redirect: 'manual', signal: AbortSignal.timeout(limitMs) });
    await response.body?.cancel();
    return response.status;
  } catch (error) {
    const cause = (error as { cause?: { code?: string; message?: string } }).cause;
    const timedOut = (error as Error).name === 'TimeoutError';
    const why = timedOut ? `no answer within ${limitMs / 1000} s${scaledNote()}` : cause?.code ?? cause?.message ?? (error as Error).message;
    throw new WirecheckError(ERROR_CODES.targetUnreachable,
      `the ${label} at ${new URL(url).origin} is not reachable (${why}). Check that it is running and that --base-url is right.`);
  }
}

/**
 * A preflight exchange the target answered with broken HTTP (a framing error, stray
 * bytes): not a set-up mistake — the checks show it, with their evidence. Its first
 * line, or undefined for any other error.
 */
export function brokenExchange(error: unknown): string | undefined {
  return error instanceof ExchangeError ? error.message.split('\n')[0] : undefined;
}
