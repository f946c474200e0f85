// --rate-limit N/s (or N/min): staging deployments have quotas, so the harness sends at
// most N requests to the target in any second (minute). The pacer spaces requests one
// interval (1/N of the window) apart — the gentlest shape for any gateway's limiter,
// however it counts — and a caller awaits its slot before sending.
//
// Some requests must go together: a race releases K requests at once (last-byte sync),
// a pipelined exchange writes K requests in one go. Spreading them would make the check
// test something else, so a burst goes together and is paid for in full: K-1 intervals
// of quiet before it and K after it, which keeps any window at N or fewer. A burst
// larger than N cannot fit in any window: it is refused (BurstOverLimitError), and its
// check is skipped naming the limit (checks/check.ts).

export interface RateLimit {
  /** Requests per window. */
  readonly count: number;
  readonly windowMs: number;
  /** As given: `20/s`. */
  readonly text: string;
}

/** What a process awaits its sending slots from: a pacer of its own, or the run's (remote-pacer.ts). */
export interface Pacer {
  readonly limit: RateLimit;
  /** Reserves a slot for `count` requests sent together; resolves to the milliseconds to wait before sending them. */
  reserve(count: number): number | Promise<number>;
}

/** A burst of requests that must go together is larger than the rate limit allows in a whole window. */
export class BurstOverLimitError extends Error {
  override readonly name = 'BurstOverLimitError';
  readonly code = 'WIRECHECK_ERR_RATE_LIMIT_BURST';
  constructor(readonly count: number, readonly limit: RateLimit) {
    super(`not applicable under --rate-limit ${limit.text}: this check sends ${count} requests together (a race or a pipeline), `
      + `more than the limit allows in one ${limit.windowMs === 1000 ? 'second' : 'minute'}; give --rate-limit ${count}/${limit.windowMs === 1000 ? 's' : 'min'} or more to run it`);
  }
}

/** The BurstOverLimitError among `error` and its causes (fast-check and others wrap it), if there is one. */
export function burstErrorIn(error: unknown): BurstOverLimitError | undefined {
  for (let e: unknown = error, depth = 0; e !== undefined && e !== null && depth < 5; e = (e as { cause?: unknown }).cause, depth += 1) {
    if (e instanceof BurstOverLimitError) return e;
  }
  return undefined;
}

/** Refuses a burst larger than the limit's count. */
export function assertBurstFits(count: number, limit: RateLimit): void {
  if (count > limit.count) throw new BurstOverLimitError(count, limit);
}

export class SendPacer implements Pacer {
  /** The earliest time the next single request may go. */
  #next = Number.NEGATIVE_INFINITY;

  constructor(readonly limit: RateLimit, private readonly now: () => number = () => performance.now()) {}

  get intervalMs(): number {
    return this.limit.windowMs / this.limit.count;
  }

  reserve(count: number): number {
    assertBurstFits(count, this.limit);
    const now = this.now();
    const start = Math.max(now, this.#next + (count - 1) * this.intervalMs);
    this.#next = start + count * this.intervalMs;
    return start - now;
  }
}
