// The spec's sender rules as pure functions ("Sender-side delivery rules", "Limits"):
// which answers end a delivery, and how long to wait before the next attempt.
import type { SenderFault } from './sender-faults.ts';

export const DEFAULT_MAX_ATTEMPTS = 4;
export const BASE_DELAY_MS = 250;
export const MAX_DELAY_MS = 2000;
/** Per-attempt timeout; the spec does not show one ("Sender timeout: not shown"). */
export const DEFAULT_TIMEOUT_MS = 10_000;

/** What one attempt's result means for the delivery. */
export type Verdict = 'success' | 'permanent' | 'retry';

/** An attempt's result as the rules see it: a status, or no response at all. */
export type AttemptResultKind = { readonly status: number } | { readonly error: string };

/**
 * Delay before attempt n+1, after attempt n (n ≥ 1): min(250 · 2^(n−1), 2000) ms.
 * `uncapped` is the `sender-no-delay-cap` fault.
 */
export function backoffDelayMs(attempt: number, options: { uncapped?: boolean } = {}): number {
  if (!Number.isInteger(attempt) || attempt < 1) throw new RangeError(`attempt must be an integer ≥ 1, got ${attempt}`);
  // 2^(n−1) overflows to Infinity for huge n; the cap keeps the result finite.
  const raw = BASE_DELAY_MS * 2 ** (attempt - 1);
  return options.uncapped ? raw : Math.min(raw, MAX_DELAY_MS);
}

/**
 * Jitter, off by default (the spec's reference rule has none): "equal jitter", a delay
 * drawn uniformly from [d/2, d] and rounded to whole milliseconds — never longer than
 * the rule's delay, never shorter than half of it. `random` returns a number in [0, 1).
 */
export function jitteredDelayMs(delayMs: number, random: () => number): number {
  const r = Math.min(Math.max(random(), 0), 1);
  return Math.round(delayMs / 2 + (r * delayMs) / 2);
}

/**
 * 1. 2xx: stop, delivered. 2. 400–499: stop at once, permanent rejection.
 * 3. Anything else — another status (3xx, 5xx, ...), a connection error, a reset, a
 *    timeout: retry if attempts remain.
 */
export function verdictOf(result: AttemptResultKind, faults: ReadonlySet<SenderFault> = new Set()): Verdict {
  if ('error' in result) return faults.has('sender-no-retry-on-network-error') ? 'permanent' : 'retry';
  const { status } = result;
  if (isSuccess(status, faults)) return 'success';
  if (status >= 400 && status <= 499) return faults.has('sender-retry-on-4xx') ? 'retry' : 'permanent';
  if (status >= 500 && status <= 599 && faults.has('sender-stop-on-5xx')) return 'permanent';
  return 'retry';
}

function isSuccess(status: number, faults: ReadonlySet<SenderFault>): boolean {
  if (faults.has('sender-only-200-is-success')) return status === 200;
  if (faults.has('sender-3xx-as-success')) return status >= 200 && status <= 399;
  return status >= 200 && status <= 299;
}
