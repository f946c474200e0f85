// Applies a baseline to a run's results. A failure with an unexpired entry keeps its
// outcome (failed) but is marked `baselined` and does not gate; an expired entry
// gates again and says so; a listed check that passes now is "fixed — remove from
// baseline". Anything else listed (skipped, warned, not selected) is left as it is.
import type { CheckResult } from '../../report/check-result.ts';
import type { SummaryBaseline } from '../../report/summary.ts';
import { isExpired, type Baseline, type BaselineEntry } from './baseline-entry.ts';

function judged(result: CheckResult, entry: BaselineEntry, today: string): CheckResult {
  const mark = { reason: entry.reason, expires: entry.expires };
  if (result.outcome === 'failed') return { ...result, baseline: { status: isExpired(entry, today) ? 'expired' : 'baselined', ...mark } };
  if (result.outcome === 'passed') return { ...result, baseline: { status: 'fixed', ...mark } };
  return result;
}

export function judgeBaseline(results: readonly CheckResult[], baseline: Baseline, today: string): { results: CheckResult[]; summary: SummaryBaseline } {
  const entries = new Map(baseline.entries.map((e) => [e.id, e]));
  const out = results.map((r) => {
    const entry = entries.get(r.check.id);
    return entry ? judged(r, entry, today) : r;
  });
  const ids = (status: string) => out.filter((r) => r.baseline?.status === status).map((r) => r.check.id);
  const marked = new Set(out.filter((r) => r.baseline).map((r) => r.check.id));
  return {
    results: out,
    summary: {
      file: baseline.file,
      baselined: ids('baselined'),
      expired: ids('expired'),
      fixed: ids('fixed'),
      notJudged: baseline.entries.map((e) => e.id).filter((id) => !marked.has(id)),
    },
  };
}

/** Whether a failed result gates the run: not when an unexpired baseline entry covers it. */
export function isBaselined(result: CheckResult): boolean {
  return result.baseline?.status === 'baselined';
}
