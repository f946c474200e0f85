// Outcome semantics of CONTRACTS.md §2: how a check's execution and its level
// become passed / failed / warned / skipped / info, and which outcomes gate a run.
import type { Level } from './check-definition.ts';

export const OUTCOMES = ['passed', 'failed', 'warned', 'skipped', 'info'] as const;
export type Outcome = (typeof OUTCOMES)[number];

/** What happened when the check ran: its assertions held, did not, it skipped itself, or it never reported. */
export type Execution = 'held' | 'broken' | 'skipped' | 'missing';

export function judge(level: Level, execution: Execution, strict: boolean): Outcome {
  if (execution === 'skipped') return 'skipped';
  // A check that never reported (its suite failed to load, the run was cut short)
  // must not pass silently: it gates like a failure, except an INFO check.
  if (level === 'INFO') return execution === 'missing' ? 'skipped' : 'info';
  if (execution === 'held') return 'passed';
  if (level === 'SHOULD' && !strict) return 'warned';
  return 'failed';
}

export function gatesRun(outcome: Outcome): boolean {
  return outcome === 'failed';
}
