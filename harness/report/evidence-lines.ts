// Terminal lines, after the outcome table, for what --repeat and --baseline changed:
// flaky checks, known failures, expired entries and entries to remove.
import type { CheckResult } from './check-result.ts';
import type { SummaryBaseline } from './summary.ts';

export function flakyLines(results: readonly CheckResult[]): string[] {
  const flaky = results.filter((r) => r.flaky);
  if (flaky.length === 0) return [];
  return [
    `flaky — the outcome varied between attempts (reported ${flaky.every((r) => r.outcome === 'failed') ? 'failed' : 'failed or warned'}, never passed):`,
    ...flaky.map((r) => `  ~ ${r.check.id.padEnd(11)} ${r.check.level.padEnd(6)} ${(r.attempts ?? []).join(', ')} → ${r.outcome}`),
  ];
}

export function baselineLines(results: readonly CheckResult[], summary: SummaryBaseline | undefined): string[] {
  if (!summary) return [];
  const lines = [`baseline ${summary.file}:`];
  for (const r of results) {
    const mark = r.baseline;
    if (!mark) continue;
    if (mark.status === 'baselined') lines.push(`  known failure   ${r.check.id.padEnd(11)} does not gate until ${mark.expires} — ${mark.reason}`);
    if (mark.status === 'expired') lines.push(`  EXPIRED entry   ${r.check.id.padEnd(11)} expired ${mark.expires}, gates again — ${mark.reason}`);
    if (mark.status === 'fixed') lines.push(`  fixed — remove from baseline: ${r.check.id} (passes now; entry: ${mark.reason})`);
  }
  if (summary.notJudged.length > 0) lines.push(`  not judged in this run (not selected, skipped or warned): ${summary.notJudged.join(', ')}`);
  if (lines.length === 1) lines.push('  no entry applied to this run');
  return lines;
}
