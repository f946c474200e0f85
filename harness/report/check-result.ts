// One check's result as every report sees it: the catalog definition, the judged
// outcome and the evidence gathered while it ran.
import type { SystemCheck } from '../checks/check-definition.ts';
import type { Outcome } from '../checks/outcome.ts';
import type { RootCause } from '../checks/root-cause.ts';

/** How a --baseline entry judged this check: a known failure, an expired one, or one that passes now. */
export interface BaselineMark {
  readonly status: 'baselined' | 'expired' | 'fixed';
  readonly reason: string;
  /** YYYY-MM-DD: the entry is honoured through this day (UTC). */
  readonly expires: string;
}

export interface CheckResult {
  readonly check: SystemCheck;
  readonly outcome: Outcome;
  /** Why it failed, warned or was skipped (first line of the error, or the skip note). */
  readonly reason?: string;
  /** Full error text of a failed or warned check. */
  readonly detail?: string;
  /** A failed or warned check's cause, when it is one several checks may share (report/root-cause-groups.ts). */
  readonly cause?: RootCause;
  /** What an INFO check recorded. */
  readonly observed?: string;
  readonly durationMs: number;
  readonly transcript?: string;
  readonly reproduce?: string;
  readonly seed?: number;
  /** --repeat: the outcome varied between attempts (never reported as passed). */
  readonly flaky?: true;
  /** --repeat: the outcome of each attempt, in order (kept for flaky checks). */
  readonly attempts?: readonly Outcome[];
  readonly baseline?: BaselineMark;
}
