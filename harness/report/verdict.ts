// The run's verdict, as the exit code (CONTRACTS §1), the terminal's last line and
// the banner of report.html state it. A failure covered by an unexpired baseline
// entry is reported but does not gate. A skipped MUST check is said on the verdict
// line, whatever the verdict, and gates only with --fail-on-skipped-must. A check the
// harness could not judge (`error`) never fails the run: one that gates makes it
// inconclusive (exit 4) unless a failure decides it.
import { gatesRun, inconclusiveGate, type Outcome } from '../checks/outcome.ts';
import { EXIT } from '../exit-codes.ts';
import type { CheckResult } from './check-result.ts';

export function gates(result: CheckResult): boolean {
  return gatesRun(result.outcome) && result.baseline?.status !== 'baselined';
}

/** How the run's options change what gates. */
export interface GateOptions {
  /** --fail-on-skipped-must: a skipped MUST check fails the run. */
  readonly failOnSkippedMust?: boolean;
  /** --strict: a SHOULD check gates, so one that ended `error` makes the run inconclusive. */
  readonly strict?: boolean;
}

/** A check that gates and that the harness could not judge. */
export function inconclusive(result: CheckResult, options: GateOptions = {}): boolean {
  return inconclusiveGate(result.check.level, result.outcome, options.strict === true);
}

/** What the verdict needs of a check: a CheckResult's, or summary.json's (report.html). */
export interface JudgedCheck {
  readonly level: string;
  readonly outcome: Outcome;
  readonly reason?: string;
}

const judged = (result: CheckResult): JudgedCheck => ({ level: result.check.level, outcome: result.outcome, ...(result.reason !== undefined ? { reason: result.reason } : {}) });

export function isSkippedMust(check: JudgedCheck): boolean {
  return check.level === 'MUST' && check.outcome === 'skipped';
}

export function exitCodeOf(results: readonly CheckResult[], options: GateOptions = {}): number {
  if (results.some(gates)) return EXIT.failed;
  if (options.failOnSkippedMust && results.some((r) => isSkippedMust(judged(r)))) return EXIT.failed;
  if (results.some((r) => inconclusive(r, options))) return EXIT.inconclusive;
  if (!results.some((r) => r.outcome !== 'skipped')) return EXIT.vacuous;
  return EXIT.passed;
}

export type VerdictLabel = 'PASSED' | 'FAILED' | 'NOTHING EXECUTED' | 'INCONCLUSIVE' | 'ERROR';

export function verdictLabel(exitCode: number): VerdictLabel {
  if (exitCode === EXIT.passed) return 'PASSED';
  if (exitCode === EXIT.failed) return 'FAILED';
  if (exitCode === EXIT.vacuous) return 'NOTHING EXECUTED';
  if (exitCode === EXIT.inconclusive) return 'INCONCLUSIVE';
  return 'ERROR';
}

function count(n: number, what: string): string {
  return `${n} ${what}${n === 1 ? '' : 's'}`;
}

const MAX_KIND_CHARS = 48;

/** A skip reason's kind: its words before the first colon or parenthesis ("needs probe", "needs --version-field", "not applicable"). */
export function skipKind(reason: string | undefined): string {
  const kind = (reason ?? '').split(/:|\s\(/)[0]?.trim() || 'no reason given';
  return kind.length > MAX_KIND_CHARS ? `${kind.slice(0, MAX_KIND_CHARS - 1)}…` : kind;
}

/** "19 MUST checks skipped (needs probe: 17, needs --version-field: 2)", or undefined when none was. */
export function skippedMustText(checks: readonly JudgedCheck[]): string | undefined {
  const skipped = checks.filter(isSkippedMust);
  if (skipped.length === 0) return undefined;
  const byKind = new Map<string, number>();
  for (const c of skipped) byKind.set(skipKind(c.reason), (byKind.get(skipKind(c.reason)) ?? 0) + 1);
  const kinds = [...byKind].sort((a, b) => b[1] - a[1]).map(([kind, n]) => `${kind}: ${n}`).join(', ');
  return `${count(skipped.length, 'MUST check')} skipped (${kinds})`;
}

const MAX_IDS = 8;

function ids(results: readonly CheckResult[]): string {
  const shown = results.slice(0, MAX_IDS).map((r) => r.check.id).join(', ');
  return results.length > MAX_IDS ? `${shown} and ${results.length - MAX_IDS} more` : shown;
}

/** ` · 2 checks not judged (error): WH-ACK-03, RA-PACT-01`: said whatever the verdict, as errors never pass silently. */
function errorPart(results: readonly CheckResult[]): string {
  const errors = results.filter((r) => r.outcome === 'error');
  return errors.length > 0 ? ` · ${count(errors.length, 'check')} not judged (error): ${ids(errors)}` : '';
}

/** The last line of the terminal output, and the deliberate bugs the reference ran with, which no reader of it may miss. */
export function verdictLine(exitCode: number, results: readonly CheckResult[], options: { readonly strict: boolean; readonly faults?: readonly string[] } & GateOptions): string {
  const faults = options.faults ?? [];
  const line = verdictWords(exitCode, results, options);
  return faults.length > 0 ? `${line} · reference fault: ${faults.join(', ')} (--reference-fault)` : line;
}

function verdictWords(exitCode: number, results: readonly CheckResult[], options: { readonly strict: boolean } & GateOptions): string {
  const baselined = results.filter((r) => r.baseline?.status === 'baselined').length;
  const known = baselined ? ` · ${count(baselined, 'baselined failure')} not gating` : '';
  const skipped = skippedMustText(results.map(judged));
  const errors = errorPart(results);
  if (exitCode === EXIT.failed) {
    const failed = results.filter(gates).map((r) => r.check.id).join(', ');
    const skippedPart = !skipped ? '' : options.failOnSkippedMust ? `${failed ? ' · ' : ''}${skipped}, gating with --fail-on-skipped-must` : ` — ${skipped}`;
    return `\nFAILED (exit 1): ${failed}${skippedPart}${errors}${known}`;
  }
  if (exitCode === EXIT.inconclusive) {
    const gating = results.filter((r) => inconclusive(r, options));
    const first = gating[0]?.reason ?? '';
    return `\nINCONCLUSIVE (exit 4): no check failed, but the harness could not judge ${ids(gating)} — ${first}${skipped ? ` · ${skipped}` : ''}${known}`;
  }
  if (exitCode === EXIT.vacuous) return `\nNOTHING EXECUTED (exit 3): every selected check was skipped${skipped ? ` — ${skipped}` : ''}${errors}`;
  const warned = results.filter((r) => r.outcome === 'warned').length;
  const warnings = warned ? ` with ${warned} SHOULD warning(s)${options.strict ? '' : ' (--strict makes them fail)'}` : '';
  return `\nPASSED (exit 0)${warnings}${skipped ? ` — ${skipped}; --fail-on-skipped-must would fail the run` : ''}${errors}${known}`;
}
