// summary.json as the harness types it, with the optional evidence fields
// (baseline, repeat, flaky) the CLI tests' own Summary type does not list.
import type { Summary, SummaryCheck } from '../../../harness/report/summary.ts';
import type { WirecheckRun } from '../../testing/run-wirecheck.ts';

export function summaryOf(run: WirecheckRun): Summary | undefined {
  return run.summary as unknown as Summary | undefined;
}

export function checksById(run: WirecheckRun): Map<string, SummaryCheck> {
  return new Map((summaryOf(run)?.checks ?? []).map((c) => [c.id, c]));
}
