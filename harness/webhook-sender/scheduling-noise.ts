// How late this process's timers fire while the scenarios run, and how long a process
// takes to start meanwhile: the run's own measures of scheduling noise. The sender under
// test shares the machine. Its timers are late by about as much as ours at the same
// moments: each delay is judged with a tolerance built from the timer noise measured
// while that delay ran, and both are printed with the check. But a sender does work once
// its timer fires (an attempt, a new connection), and on a loaded machine that work waits
// for its share of a core as a starting process does, while our idle timer barely waits:
// a correct sender measured 94 ms late while our timers were 6 ms late (CI, 2026-11-29).
// The slowest process start measured during a delay's measurement again bounds that wait
// (delay-evidence.ts). Only then: a start costs the machine a process, and on a loaded
// machine a sampler starting one after another is one more runnable process for the whole
// run — it would slow what it measures, and every other run beside it.
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { processStartMs } from '../target/machine-pace.ts';

const TICK_MS = 10;
/** A process start is measured, one at a time, at least this long after the last one ended… */
const START_SAMPLE_PAUSE_MS = 2_000;
/** …and at least this many times as long as it took: the sampler runs a process a fifth of the time at most. */
const START_SAMPLE_PAUSE_FACTOR = 4;

export interface NoiseReading {
  /** The latest a 10 ms timer fired during the whole run (ms). */
  readonly maxLateMs: number;
  /**
   * The longest this process was held at any moment from `from` to `to` (performance.now()):
   * the lateness of every tick whose wait overlaps the span. A moment this process
   * recorded after being held may be that much later than the event it records.
   */
  lateBetween(from: number, to: number): number;
  /** The slowest start of `node -e 0` measured during the run (ms), when the run measured them. */
  readonly slowestStartMs: number | undefined;
}

export class SchedulingNoise implements NoiseReading {
  #timer: NodeJS.Timeout | undefined;
  /** Each tick: when it was due, and how late it fired. */
  readonly #due: number[] = [];
  readonly #late: number[] = [];
  #maxLate = 0;
  #slowestStart: number | undefined;
  #sampling: Promise<void> | undefined;
  readonly #stopping = new AbortController();

  /** `sampleStarts`: measure process starts too (a delay measured again). */
  constructor(private readonly options: { readonly sampleStarts: boolean }) {}

  start(): void {
    if (this.options.sampleStarts) this.#sampling = this.#sampleStarts();
    let due = performance.now() + TICK_MS;
    this.#timer = setInterval(() => {
      const now = performance.now();
      this.#due.push(due);
      const late = Math.max(0, now - due);
      this.#late.push(late);
      // Kept as it goes: the run reads it every poll.
      this.#maxLate = Math.max(this.#maxLate, late);
      due = now + TICK_MS;
    }, TICK_MS);
  }

  /** Stops both measures; resolves once the process start in flight, if any, has ended. */
  async stop(): Promise<void> {
    clearInterval(this.#timer);
    this.#stopping.abort();
    await this.#sampling;
  }

  async #sampleStarts(): Promise<void> {
    const { signal } = this.#stopping;
    while (!signal.aborted) {
      const took = await processStartMs();
      this.#slowestStart = Math.max(this.#slowestStart ?? 0, took);
      await sleep(Math.max(START_SAMPLE_PAUSE_MS, START_SAMPLE_PAUSE_FACTOR * took), undefined, { signal }).catch(() => undefined);
    }
  }

  get maxLateMs(): number {
    return Math.round(this.#maxLate);
  }

  get slowestStartMs(): number | undefined {
    return this.#slowestStart === undefined ? undefined : Math.round(this.#slowestStart);
  }

  lateBetween(from: number, to: number): number {
    let late = 0;
    // A tick waited from when it was due until it fired. One that fired up to a tick before
    // `from` counts too: it may have fired in the very turn that recorded `from`, after the
    // hold that made `from` late.
    this.#due.forEach((due, i) => {
      const tickLate = this.#late[i] ?? 0;
      if (due <= to && due + tickLate >= from - TICK_MS) late = Math.max(late, tickLate);
    });
    return Math.round(late);
  }
}

/** A timer may fire this much late on an idle machine, plus what connecting takes: the floor of every tolerance. */
export const BASE_TOLERANCE_MS = 50;

/** The tolerance of a measured delay: the floor, plus twice the noise (the sender's timer and our clock may each be late). */
export function toleranceOf(noiseMs: number): number {
  return BASE_TOLERANCE_MS + 2 * noiseMs;
}
