// How long a busy machine held this process at once, and when. A tick every 10 ms fires
// late by as long as the process was held (descheduled, or behind other work): a hold of
// seconds means that everything this process timed or waited for meanwhile — a target's
// answer, its business work, a delay — was timed by a clock that stood still for it. On
// a machine that busy (bench:under-load: a harness at nice 15 beside 20 busy processes on
// 2 cores was held up to 4.6 s), a correct target starved of the same CPU misses limits it
// meets on any usable machine, so what a check saw then is no evidence against it.
import { performance } from 'node:perf_hooks';
import { LATE_PER_DOUBLING_MS, MAX_SCALE } from './machine-pace.ts';

const TICK_MS = 10;
/** Holds shorter than this are kept out of the record: a quiet machine makes thousands of them. */
const RECORDED_FROM_MS = 50;
/** The most holds kept: a run beside a busy machine for hours stays bounded (the oldest go). */
const MAX_RECORDED = 10_000;

/**
 * A hold this long at once is past what the harness's limits stretch for: it is the timer
 * lateness at which the machine's scale reaches its cap (machine-pace.ts, ×MAX_SCALE).
 */
export const BEYOND_STRETCH_HOLD_MS = (MAX_SCALE - 1) * LATE_PER_DOUBLING_MS;

interface Hold {
  /** When the tick was due, and when it fired (performance.now()). */
  readonly from: number;
  readonly to: number;
}

export class ProcessHolds {
  readonly #holds: Hold[] = [];
  #timer: NodeJS.Timeout | undefined;

  start(): void {
    if (this.#timer) return;
    let due = performance.now() + TICK_MS;
    this.#timer = setInterval(() => {
      const now = performance.now();
      if (now - due >= RECORDED_FROM_MS) {
        this.#holds.push({ from: due, to: now });
        if (this.#holds.length > MAX_RECORDED) this.#holds.shift();
      }
      due = now + TICK_MS;
    }, TICK_MS);
    // It watches; it never keeps a process alive.
    this.#timer.unref();
  }

  stop(): void {
    clearInterval(this.#timer);
    this.#timer = undefined;
  }

  /** The longest hold that overlapped the span (performance.now() moments), in ms; 0 when none was recorded. */
  longestBetween(from: number, to: number): number {
    let longest = 0;
    for (const hold of this.#holds) if (hold.from <= to && hold.to >= from - TICK_MS) longest = Math.max(longest, hold.to - hold.from);
    return Math.round(longest);
  }
}

let processHolds: ProcessHolds | undefined;

/** This process's watch, started on first use. */
export function holdsOfThisProcess(): ProcessHolds {
  processHolds ??= new ProcessHolds();
  processHolds.start();
  return processHolds;
}
