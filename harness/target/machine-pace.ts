// How fast this machine runs the harness right now, and the harness's own limits scaled
// by it. A shared CI runner can be loaded many times over: a process that starts in
// 130 ms on a quiet machine takes seconds, a check that takes 3 s takes 30. A limit of
// the harness's own (a check's wall-clock limit, a reference's start-up, a sender
// command's first attempt) must not run out on such a machine and be read as the
// target's failure, so the run measures the machine before it starts (a process start,
// a run of short timers, the load average) and stretches those limits by what it found.
// Limits that are the target's (the spec's, or one the user set) are never scaled.
//
// The scale is set once per process (the CLI, each suite process) like the response
// budget, rather than threaded through every limit.
import { spawn } from 'node:child_process';
import { availableParallelism, loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';

export interface MachinePace {
  /** The slowest of a few starts of `node -e 0`, in ms. */
  readonly processStartMs: number;
  /** The latest a 10 ms timer fired, over a run of them, in ms. */
  readonly timerLateMs: number;
  /** The one-minute load average per core. */
  readonly loadPerCore: number;
  /** What the harness's own limits are multiplied by: 1 on a quiet machine, at most MAX_SCALE. */
  readonly scale: number;
}

/** A start of `node -e 0` on a quiet 2-core machine takes about 130 ms; below this the machine is not slowing the harness. */
export const QUIET_PROCESS_START_MS = 200;
/** A 10 ms timer on a quiet machine fires a few ms late; this much late doubles the limits. */
export const LATE_PER_DOUBLING_MS = 100;
/** Past this a limit would hold a run for too long: the judgement is left `error` instead. */
export const MAX_SCALE = 10;

const STARTS = 2;
const TICK_MS = 10;

/** How long a start of `node -e 0` takes right now, in ms: the machine's own pace, and a measure of how late a process can be. */
export async function processStartMs(): Promise<number> {
  const started = performance.now();
  await new Promise<void>((resolve) => {
    const child = spawn(process.execPath, ['-e', '0'], { stdio: 'ignore' });
    child.once('error', () => resolve());
    child.once('close', () => resolve());
  });
  return performance.now() - started;
}

/** How late 10 ms timers fire while `during` runs (the process starts: they cost the event loop nothing). */
async function timerLateMs<T>(during: Promise<T>): Promise<{ late: number; result: T }> {
  let late = 0;
  let over = false;
  const result = during.finally(() => { over = true; });
  do {
    const due = performance.now() + TICK_MS;
    await sleep(TICK_MS);
    late = Math.max(late, performance.now() - due);
  } while (!over);
  return { late, result: await result };
}

/** The scale of a reading: the slowest sign of load decides, rounded to a tenth. */
export function scaleOf(reading: Omit<MachinePace, 'scale'>): number {
  const byStart = reading.processStartMs / QUIET_PROCESS_START_MS;
  const byTimers = 1 + reading.timerLateMs / LATE_PER_DOUBLING_MS;
  const byLoad = reading.loadPerCore / 2;
  const scale = Math.max(1, byStart, byTimers, byLoad);
  return Math.min(MAX_SCALE, Math.round(scale * 10) / 10);
}

/** Measures the machine: a few process starts, one after another, with timers ticking meanwhile (about 0.3 s when quiet). */
export async function measureMachine(): Promise<MachinePace> {
  const starting = (async () => {
    const starts: number[] = [];
    for (let i = 0; i < STARTS; i++) starts.push(await processStartMs());
    return starts;
  })();
  const { late, result: starts } = await timerLateMs(starting);
  const reading = {
    processStartMs: Math.round(Math.max(...starts)),
    timerLateMs: Math.round(late),
    loadPerCore: Math.round(((loadavg()[0] ?? 0) / Math.max(1, availableParallelism())) * 10) / 10,
  };
  return { ...reading, scale: scaleOf(reading) };
}

/** One line for the terminal: what was measured and what it does to the limits. */
export function paceLine(pace: MachinePace): string {
  const measured = `a process starts in ${pace.processStartMs} ms, timers up to ${pace.timerLateMs} ms late, load ${pace.loadPerCore} per core`;
  if (pace.scale <= 1) return `machine: ${measured}`;
  return `machine busy: ${measured}; the harness's own limits are stretched ×${pace.scale} (the target's are not)`;
}

/** The advice for a limit of the harness's own that a busy machine made run out. */
export const BUSY_MACHINE_ADVICE = 'not a finding about the target; run again on a less loaded machine (or give wirecheck a higher priority)';

let scale = 1;

/** This process's scale (1 until the run sets it). */
export function limitScale(): number {
  return scale;
}

export function setLimitScale(value: number): void {
  if (!(value >= 1 && value <= MAX_SCALE)) throw new RangeError(`a limit scale is from 1 to ${MAX_SCALE}; got ${value}`);
  scale = value;
}

/** A limit of the harness's own, in ms, stretched for this machine. */
export function scaledLimit(ms: number): number {
  return Math.round(ms * scale);
}

/** ` (the harness's limit, ×2.4 for this busy machine)`, or `` on a quiet one: said with every scaled limit that runs out. */
export function scaledNote(): string {
  return scale > 1 ? ` (the harness's own limit, stretched ×${scale} for this busy machine)` : ' (the harness\'s own limit)';
}
