// summary.json, exactly as CONTRACTS.md §3 fixes it (plus optional per-check
// evidence fields, which readers of v1 may ignore).
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { SystemName } from '../checks/check-definition.ts';
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
  readonly reason?: string;
  readonly durationMs: number;
  readonly observed?: string;
  readonly transcript?: string;
  readonly reproduce?: string;
}

export interface Summary {
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
    ...(result.reason !== undefined ? { reason: result.reason } : {}),
    durationMs: result.durationMs,
    ...(result.observed !== undefined ? { observed: result.observed } : {}),
    ...(result.transcript !== undefined ? { transcript: transcriptPath(check.id) } : {}),
    ...(result.reproduce !== undefined ? { reproduce: result.reproduce } : {}),
  };
}

export function writeSummary(reportDir: string, summary: Summary): string {
  const file = join(reportDir, 'summary.json');
  writeFileSync(file, `${JSON.stringify(summary, null, 2)}\n`);
  return file;
}
