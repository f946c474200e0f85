// One fault, many failures: the failed and warned checks that name the same cause
// (kind and description, checks/root-cause.ts), grouped so a report can say the cause
// once and list the checks it explains under it. Only a cause two or more checks share
// is a group: a single failure's cause is its own reason. Grouping changes no outcome.
import type { Outcome } from '../checks/outcome.ts';
import type { RootCause } from '../checks/root-cause.ts';

/** A check's result as any report holds it (CheckResult, report.html's CheckView). */
interface Caused {
  readonly outcome: Outcome;
  readonly cause?: RootCause;
}

export interface CauseGroup<T extends Caused> {
  readonly cause: RootCause;
  /** Every distinct form of the offending bytes the checks saw (usually one). */
  readonly bytes: readonly string[];
  /** The checks it explains, in the order of the run's results. */
  readonly results: readonly T[];
}

/** Fewest checks that make a shared cause. */
const SHARED = 2;

export function causeKey(cause: RootCause): string {
  return `${cause.kind}\n${cause.description}`;
}

/** The shared causes of a run's failures, the one explaining most checks first (ties: first seen first). */
export function causeGroups<T extends Caused>(results: readonly T[]): CauseGroup<T>[] {
  const groups = new Map<string, { cause: RootCause; results: T[] }>();
  for (const result of results) {
    if (!result.cause || (result.outcome !== 'failed' && result.outcome !== 'warned')) continue;
    const key = causeKey(result.cause);
    const group = groups.get(key) ?? { cause: result.cause, results: [] };
    group.results.push(result);
    groups.set(key, group);
  }
  return [...groups.values()]
    .filter((group) => group.results.length >= SHARED)
    .map(({ cause, results: members }) => ({
      cause,
      bytes: [...new Set(members.flatMap((m) => (m.cause?.bytes === undefined ? [] : [m.cause.bytes])))],
      results: members,
    }))
    .sort((a, b) => b.results.length - a.results.length);
}
