// The spec's sender-side delivery rules as numbers ("Sender-side delivery rules", Limits).

/** Delay before attempt n+1: the smaller of 250 × 2^(n−1) ms and 2000 ms. */
export function ruleDelayMs(n: number): number {
  return Math.min(250 * 2 ** (n - 1), 2000);
}

/** The first attempt whose following delay is the 2000 ms ceiling (250 × 2^3). */
export const FIRST_CAPPED_ATTEMPT = 4;

export interface DelayWindow {
  readonly min: number;
  readonly max: number;
}

/**
 * Where the measured delay after attempt n may lie: the rule's delay (or the vendor's jitter
 * range around it), less a little for clocks, plus the tolerance for a late timer.
 */
export function delayWindow(n: number, toleranceMs: number, jitter?: number): DelayWindow {
  const delay = ruleDelayMs(n);
  const spread = jitter ?? 0;
  return { min: Math.floor(delay * (1 - spread)) - 15, max: Math.ceil(delay * (1 + spread)) + toleranceMs };
}
