// How late this process's timers fire while the scenarios run: the run's own measure of
// scheduling noise. The sender under test shares the machine, so its timers are late by
// about as much at the same moments; each delay is judged with a tolerance built from
// the noise measured while that delay ran, and both are printed with the check.
import { performance } from 'node:perf_hooks';

const TICK_MS = 10;

export interface NoiseReading {
  /** The latest a 10 ms timer fired during the whole run (ms). */
  readonly maxLateMs: number;
  /** The latest one fired between two moments (performance.now()). */
  lateBetween(from: number, to: number): number;
}

export class SchedulingNoise implements NoiseReading {
  #timer: NodeJS.Timeout | undefined;
  /** Each tick: when it was due, and how late it fired. */
  readonly #due: number[] = [];
  readonly #late: number[] = [];
  #maxLate = 0;

  start(): void {
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

  stop(): void {
    clearInterval(this.#timer);
  }

  get maxLateMs(): number {
    return Math.round(this.#maxLate);
  }

  lateBetween(from: number, to: number): number {
    let late = 0;
    // A tick due in the window and fired after it still tells of the window.
    this.#due.forEach((due, i) => { if (due >= from - TICK_MS && due <= to) late = Math.max(late, this.#late[i] ?? 0); });
    return Math.round(late);
  }
}

/** A timer may fire this much late on an idle machine, plus what connecting takes: the floor of every tolerance. */
export const BASE_TOLERANCE_MS = 50;

/** The tolerance of a measured delay: the floor, plus twice the noise (the sender's timer and our clock may each be late). */
export function toleranceOf(noiseMs: number): number {
  return BASE_TOLERANCE_MS + 2 * noiseMs;
}
