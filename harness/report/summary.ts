// summary.json, exactly as CONTRACTS.md §3 fixes it (plus optional evidence fields,
// per check and per run, which readers of v1 may ignore).
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { CheckBasis, SystemName } from '../checks/check-definition.ts';
import { OUTCOMES, type Outcome } from '../checks/outcome.ts';
import type { TargetKind } from '../target/target-info.ts';
import type { CheckResult } from './check-result.ts';

export interface SummaryCheck {
  readonly id: string;
  readonly system: SystemName;
  readonly level: string;
  readonly outcome: Outcome;
  readonly title: string;
  readonly clause: string;
  /** The words that make the check MUST or SHOULD, verbatim, and where they stand (no source: the system's spec). */
  readonly basis?: CheckBasis;
  readonly reason?: string;
  readonly durationMs: number;
  readonly observed?: string;
  readonly transcript?: string;
  readonly reproduce?: string;
  /** --repeat: the outcome varied between attempts; `attempts` holds each one. */
  readonly flaky?: true;
  readonly attempts?: readonly Outcome[];
  /** --baseline: a known failure that does not gate the run (outcome stays failed). */
  readonly baselined?: true;
  /** --baseline: the entry has expired, so this failure gates again. */
  readonly baselineExpired?: true;
  /** --baseline: the check passes now — remove its entry from the baseline. */
  readonly baselineFixed?: true;
  readonly baselineReason?: string;
  readonly baselineExpires?: string;
}

/** What --baseline did to the run: ids per kind of judgement. */
export interface SummaryBaseline {
  readonly file: string;
  /** Failures listed with an unexpired entry: reported, not gating. */
  readonly baselined: readonly string[];
  /** Failures whose entry expired: gating again. */
  readonly expired: readonly string[];
  /** Listed checks that pass now: "fixed — remove from baseline". */
  readonly fixed: readonly string[];
  /** Listed checks this run did not judge (not selected, skipped, warned or info). */
  readonly notJudged: readonly string[];
}

/** Optional run-level fields beyond CONTRACTS §3. */
export interface SummaryEvidence {
  readonly harnessVersion?: string;
  /** --repeat K (present when K > 1). */
  readonly repeat?: number;
  readonly baseline?: SummaryBaseline;
  /** --fail-on-skipped-must was given: a skipped MUST check fails the run. */
  readonly failOnSkippedMust?: true;
}

export interface Summary extends SummaryEvidence {
  readonly schema: 'wirecheck.summary/v1';
  readonly systems: readonly SystemName[];
  readonly target: { readonly kind: TargetKind; readonly baseUrl: string };
  readonly startedAt: string;
  readonly durationMs: number;
  readonly seed: number;
  readonly exitCode: number;
  readonly totals: Readonly<Record<Outcome, number>>;
  readonly checks: readonly SummaryCheck[];
}

export function totalsOf(results: readonly CheckResult[]): Record<Outcome, number> {
  const totals = Object.fromEntries(OUTCOMES.map((o) => [o, 0])) as Record<Outcome, number>;
  for (const result of results) totals[result.outcome] += 1;
  return totals;
}

/** Where a check's transcript file lives, relative to the report dir. */
export function transcriptPath(id: string): string {
  return `transcripts/${id}.txt`;
}

export function summaryCheck(result: CheckResult): SummaryCheck {
  const { check } = result;
  return {
    id: check.id,
    system: check.system,
    level: check.level,
    outcome: result.outcome,
    title: check.title,
    clause: check.clause,
    ...(check.basis ? { basis: check.basis } : {}),
    ...(result.reason !== undefined ? { reason: result.reason } : {}),
    durationMs: result.durationMs,
    ...(result.observed !== undefined ? { observed: result.observed } : {}),
    ...(result.transcript !== undefined ? { transcript: transcriptPath(check.id) } : {}),
    ...(result.reproduce !== undefined ? { reproduce: result.reproduce } : {}),
    ...(result.flaky ? { flaky: true, attempts: result.attempts ?? [] } : {}),
    ...baselineFields(result),
  };
}

function baselineFields(result: CheckResult): Partial<SummaryCheck> {
  const mark = result.baseline;
  if (!mark) return {};
  const flag = { baselined: { baselined: true }, expired: { baselineExpired: true }, fixed: { baselineFixed: true } } as const;
  return { ...flag[mark.status], baselineReason: mark.reason, baselineExpires: mark.expires };
}

export function writeSummary(reportDir: string, summary: Summary): string {
  const file = join(reportDir, 'summary.json');
  writeFileSync(file, `${JSON.stringify(summary, null, 2)}\n`);
  return file;
}
