// The checks of systems whose target the harness could not start through its own trouble
// (start-targets.ts): each ends `error` with the reason, and is judged as every other
// check is (it gates as inconclusive, exit 4), never dropped from the report.
import type { SystemCheck } from '../checks/check-definition.ts';
import type { CheckResult } from '../report/check-result.ts';
import type { UnstartedSystem } from './start-targets.ts';

/** The results of the checks that ran, with those of the unstarted systems' checks added, in the order the checks were selected. */
export function withUnstartedResults(selected: readonly SystemCheck[], ran: readonly CheckResult[], unstarted: readonly UnstartedSystem[]): CheckResult[] {
  const byId = new Map(ran.map((r) => [r.check.id, r]));
  return selected.flatMap((check): CheckResult[] => {
    const system = unstarted.find((u) => u.system === check.system);
    if (system) return [{ check, outcome: 'error', reason: system.reason, durationMs: 0 }];
    const result = byId.get(check.id);
    return result ? [result] : [];
  });
}
