// The run's verdict, as the exit code (CONTRACTS §1), the terminal's last line and
// the banner of report.html state it. A failure covered by an unexpired baseline
// entry is reported but does not gate.
import { gatesRun } from '../checks/outcome.ts';
import { EXIT } from '../exit-codes.ts';
import type { CheckResult } from './check-result.ts';

export function gates(result: CheckResult): boolean {
  return gatesRun(result.outcome) && result.baseline?.status !== 'baselined';
}

export function exitCodeOf(results: readonly CheckResult[]): number {
  if (results.some(gates)) return EXIT.failed;
  if (!results.some((r) => r.outcome !== 'skipped')) return EXIT.vacuous;
  return EXIT.passed;
}

export type VerdictLabel = 'PASSED' | 'FAILED' | 'NOTHING EXECUTED' | 'ERROR';

export function verdictLabel(exitCode: number): VerdictLabel {
  if (exitCode === EXIT.passed) return 'PASSED';
  if (exitCode === EXIT.failed) return 'FAILED';
  if (exitCode === EXIT.vacuous) return 'NOTHING EXECUTED';
  return 'ERROR';
}

function count(n: number, what: string): string {
  return `${n} ${what}${n === 1 ? '' : 's'}`;
}

/** The last line of the terminal output. */
export function verdictLine(exitCode: number, results: readonly CheckResult[], strict: boolean): string {
  const baselined = results.filter((r) => r.baseline?.status === 'baselined').length;
  const known = baselined ? ` · ${count(baselined, 'baselined failure')} not gating` : '';
  if (exitCode === EXIT.failed) return `\nFAILED (exit 1): ${results.filter(gates).map((r) => r.check.id).join(', ')}${known}`;
  if (exitCode === EXIT.vacuous) return '\nNOTHING EXECUTED (exit 3): every selected check was skipped';
  const warned = results.filter((r) => r.outcome === 'warned').length;
  return `\nPASSED (exit 0)${warned ? ` with ${warned} SHOULD warning(s)${strict ? '' : ' (--strict makes them fail)'}` : ''}${known}`;
}
