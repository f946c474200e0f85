// Which rules of a system's spec its checks cover, by one rule (README, "report.html"):
// a rule is covered when a MUST or SHOULD check cites it (its `clause`, or one of its
// `alsoCovers`). An INFO check judges nothing, so it covers nothing: a rule only INFO
// checks cite is "observed only". A rule no check cites is uncheckable when its clause
// says why a black-box harness cannot check it, else a gap.
import type { SystemCheck, SystemName } from '../checks/check-definition.ts';
import type { Clause } from '../checks/clause.ts';
import { checksOf, clausesOf } from '../systems/catalog.ts';

export type CoverageStatus = 'covered' | 'observed' | 'uncheckable' | 'gap';

export interface ClauseCoverage {
  readonly clause: Clause;
  readonly status: CoverageStatus;
  /** Every check citing the rule, judging ones (MUST, SHOULD) first, then the INFO checks. */
  readonly checks: readonly SystemCheck[];
}

/** The rules a check cites: its clause and those it also covers. */
export function clausesCitedBy(check: SystemCheck): readonly string[] {
  return [check.clause, ...(check.alsoCovers ?? [])];
}

export function coverageStatus(clause: Clause, citing: readonly SystemCheck[]): CoverageStatus {
  if (citing.some((c) => c.level !== 'INFO')) return 'covered';
  if (citing.length > 0) return 'observed';
  return clause.uncheckable ? 'uncheckable' : 'gap';
}

/** Every rule of the system's spec, in the spec's order, with its coverage. */
export function clauseCoverageOf(system: SystemName): ClauseCoverage[] {
  const checks = checksOf(system);
  return clausesOf(system).map((clause) => {
    const citing = checks.filter((c) => clausesCitedBy(c).includes(clause.clause));
    const ordered = [...citing.filter((c) => c.level !== 'INFO'), ...citing.filter((c) => c.level === 'INFO')];
    return { clause, status: coverageStatus(clause, citing), checks: ordered };
  });
}
