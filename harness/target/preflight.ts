// Before any suite runs against an external target: is anything answering there?
// A refused connection or a timeout is a configuration problem (exit 2), reported
// with the URL and what to check — not forty failed checks.
import { ERROR_CODES, WirecheckError } from '../errors.ts';
import { ExchangeError } from '../http/index.ts';
import { targetFetch } from '../http/target-fetch.ts';

export async function preflight(label: string, url: string, init: RequestInit = {}): Promise<number> {
  try {
    const response = await targetFetch(url, { ...init, redirect: 'manual', signal: AbortSignal.timeout(10_000) });
    await response.body?.cancel();
    return response.status;
  } catch (error) {
    const cause = (error as { cause?: { code?: string; message?: string } }).cause;
    const why = cause?.code ?? cause?.message ?? (error as Error).message;
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
