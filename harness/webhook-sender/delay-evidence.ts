// Whether delays outside their windows are evidence against the sender, or no more than
// a busy machine explains. A busy machine holds a process back: a sender's attempt comes
// late, so a delay measured from the attempt before looks too long. It can also make a
// delay look too short where the attempt's end is not seen but reckoned from the
// timeout the vendor stated: the sender's timeout starts when it sends, and a sender
// held back between starting its timer and its request reaching the receiver (on its
// first request a runtime may still be loading its HTTP client) ends the attempt earlier
// than its arrival plus the timeout. A delay too short from an end that was seen (an
// answer, a close, a reset) no machine explains.
import { QUIET_PROCESS_START_MS } from '../target/machine-pace.ts';
import { BASE_TOLERANCE_MS } from './scheduling-noise.ts';

/** A delay outside its window: how it reads, and which way it missed. */
export interface Outside {
  readonly text: string;
  /** Longer than the window allows. */
  readonly long: boolean;
  /** By how much it missed the window, in ms. */
  readonly byMs: number;
  /** The attempt's end was reckoned from the stated timeout (--sender-timeout-ms), not seen. */
  readonly endReckoned?: true;
}

/** How far a busy machine can hold a sender back, and what it was measured from. */
export interface BusySlack {
  /** The slowest process start measured while the delays ran (ms). */
  readonly slowestStartMs: number;
  /** How far a delay may miss its window on that account (ms). */
  readonly slackMs: number;
}

/**
 * From the process starts measured while the delays ran: on a machine where a process
 * starts k times slower than on a quiet one, a sender's work between its timer and its
 * request takes about k times longer too, so the base tolerance (a late timer and a
 * connection, on an idle machine) is stretched k times. Undefined on a quiet machine:
 * nothing is excused there. Stretching the tolerance rather than excusing a whole process
 * start keeps a doubled delay a finding on a busy runner.
 */
export function busySlack(processStartsMs: readonly number[]): BusySlack | undefined {
  const slowestStartMs = Math.round(Math.max(0, ...processStartsMs));
  if (slowestStartMs <= QUIET_PROCESS_START_MS) return undefined;
  return { slowestStartMs, slackMs: Math.round(BASE_TOLERANCE_MS * (slowestStartMs / QUIET_PROCESS_START_MS)) };
}

/** Every delay outside its window missed it in a way, and by no more than, the busy machine explains. */
export function explainedByBusyMachine(wrong: readonly Outside[], slack: BusySlack | undefined): boolean {
  return slack !== undefined && wrong.length > 0 && wrong.every((w) => (w.long || w.endReckoned === true) && w.byMs <= slack.slackMs);
}
