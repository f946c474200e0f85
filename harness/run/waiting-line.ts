// What the terminal shows while --wait-for retries targets that do not answer yet:
// one line for every waiting system together, rewritten in place on a terminal; in
// a log (no terminal), one line when a system starts waiting and one when it answers.
import type { SystemName } from '../checks/check-definition.ts';
import type { Output } from '../report/output.ts';
import { seconds, type RetryWatcher } from './retry-while-unreachable.ts';

export interface WaitingLine {
  /** The watcher of one system's retries; `where` names its target (its base URLs). */
  watcher(system: SystemName, where: string): RetryWatcher;
}

export function waitingLine(io: Output, waitForMs: number): WaitingLine {
  const waiting = new Map<SystemName, number>();
  const limit = seconds(waitForMs);
  const redraw = () => {
    if (!io.status) return;
    const longest = Math.max(0, ...waiting.values());
    io.status(waiting.size === 0 ? '' : `waiting for ${[...waiting.keys()].join(', ')} to answer: ${seconds(longest)} of ${limit} (--wait-for)`);
  };
  return {
    watcher: (system, where) => ({
      waiting(elapsedMs) {
        if (!waiting.has(system) && !io.status) io.out(`${system}: nothing answers at ${where} yet; waiting up to ${limit} for it (--wait-for)`);
        waiting.set(system, elapsedMs);
        redraw();
      },
      reached(elapsedMs) {
        if (!waiting.delete(system)) return;
        io.status?.('');
        io.out(`${system}: ${where} answered after ${seconds(elapsedMs)}`);
        redraw();
      },
      gaveUp() {
        waiting.delete(system);
        redraw();
      },
    }),
  };
}
