// The retry schedule of the spec's sender rules: the delay before attempt n+1 is
// min(base × 2^(n−1), cap), no jitter (the reference rule has none, so a checker can
// measure it). The cap is 8 × base so that a scaled base (BACKOFF_BASE_MS) scales the
// whole schedule: 250 ms → 250, 500, 1000, 2000, 2000…

/** The spec's base delay. */
export const DEFAULT_BASE_DELAY_MS = 250;
/** The spec's delay cap (2000 ms) is this many base delays. */
const CAP_IN_BASES = 8;

/** Delay in ms after failed attempt `attempt` (1-based) when another attempt follows. */
export function delayAfterAttempt(attempt: number, baseMs: number): number {
  return Math.min(baseMs * 2 ** (attempt - 1), baseMs * CAP_IN_BASES);
}
