// What allure-vitest left in a run's allure-results/: one *-result.json per test it reported.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

export interface AllureResult {
  readonly status?: string;
  readonly labels: readonly { readonly name: string; readonly value: string }[];
  readonly statusDetails?: { readonly message?: string };
}

export function allureResults(reportDir: string): AllureResult[] {
  const dir = join(reportDir, 'allure-results');
  return readdirSync(dir).filter((f) => f.endsWith('-result.json')).map((f) => JSON.parse(readFileSync(join(dir, f), 'utf8')) as AllureResult);
}

export function labelOf(result: AllureResult, name: string): string | undefined {
  return result.labels.find((l) => l.name === name)?.value;
}

/**
 * Allure's counts by status: passed, failed (a failed or warned check), broken (a check
 * the harness could not judge: outcome error), skipped, and unknown (INFO).
 */
export function allureTotals(reportDir: string): Record<string, number> {
  const totals: Record<string, number> = { passed: 0, failed: 0, broken: 0, skipped: 0, unknown: 0 };
  for (const { status = 'unknown' } of allureResults(reportDir)) totals[status] = (totals[status] ?? 0) + 1;
  return totals;
}

/** summary.json's totals as Allure can show them: it has no `warned` (shown failed), calls `error` broken and `info` unknown. */
export function summaryAsAllure(totals: Readonly<Record<string, number>>): Record<string, number> {
  return {
    passed: totals['passed'] ?? 0, failed: (totals['failed'] ?? 0) + (totals['warned'] ?? 0), broken: totals['error'] ?? 0,
    skipped: totals['skipped'] ?? 0, unknown: totals['info'] ?? 0,
  };
}
