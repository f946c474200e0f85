// Outcome semantics of CONTRACTS.md §2: how a check's execution and its level
// become passed / failed / warned / skipped / info / error, and which outcomes gate a run.
import type { Level } from './check-definition.ts';

export const OUTCOMES = ['passed', 'failed', 'warned', 'skipped', 'info', 'error'] as const;
export type Outcome = (typeof OUTCOMES)[number];

/**
 * What happened when the check ran: its assertions held, did not, it skipped itself,
 * the harness could not judge it (its own machinery failed, or a limit of its own ran
 * out: harness-trouble.ts), or it never reported (its suite failed to load, the run was cut short).
 */
export type Execution = 'held' | 'broken' | 'skipped' | 'inconclusive' | 'missing';

export function judge(level: Level, execution: Execution, strict: boolean): Outcome {
  if (execution === 'skipped') return 'skipped';
  // Not judged, and never silently passed: `error` says so, and names no fault of the target.
  if (execution === 'inconclusive' || execution === 'missing') return 'error';
  if (level === 'INFO') return 'info';
  if (execution === 'held') return 'passed';
  if (level === 'SHOULD' && !strict) return 'warned';
  return 'failed';
}

export function gatesRun(outcome: Outcome): boolean {
  return outcome === 'failed';
}

/** An `error` that makes the run inconclusive (exit 4): a check that gates (MUST, or SHOULD with --strict) could not be judged. */
export function inconclusiveGate(level: string, outcome: Outcome, strict: boolean): boolean {
  return outcome === 'error' && (level === 'MUST' || (level === 'SHOULD' && strict));
}
