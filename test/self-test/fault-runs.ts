// Faults that share a self-test run. A run costs seconds before its first check (the
// CLI, the reference, vitest), so the faults of a system are grouped: one run starts
// the reference with every fault of its group (`--reference-fault a,b,c`) and runs
// the checks named for any of them (`--only`). A group keeps each fault's
// expectation exact:
// - no check is named by two faults of one group (groupingProblems), so each named
//   check must fail, or change, in that run;
// - each fault is needed for its own checks: with the other faults of its group on and
//   it off, its checks pass and its INFO observations equal the clean run's.
//   verify-fault-runs.ts proves that, one run per fault; run it after changing a
//   group or a fault (`npx tsx test/self-test/verify-fault-runs.ts <system>`).
// Faults with broad effects (a receiver that rejects every signature, work that never
// runs) share a run only with faults those effects cannot reach, or run alone.
import type { FaultExpectation } from './fault-expectation.ts';

export interface FaultEffect {
  /** MUST and SHOULD checks the fault must make fail. */
  readonly fails: readonly string[];
  /** INFO checks whose observation the fault must change. */
  readonly changes?: readonly string[];
  /** The fault's checks race several instances (PostgreSQL): it runs alone, skipped without PostgreSQL. */
  readonly needsPostgres?: boolean;
  /** Options of `wirecheck run` a run holding this fault takes (and a run without it does not). */
  readonly runArgs?: readonly string[];
}

export type FaultEffects = Readonly<Record<string, FaultEffect>>;
export type FaultRuns = readonly (readonly string[])[];

/** The checks a fault names: those it must fail, then those whose observation it must change. */
export function namedChecks(effect: FaultEffect | undefined): string[] {
  return [...(effect?.fails ?? []), ...(effect?.changes ?? [])];
}

/** Every fault in exactly one run, no unknown fault, no check named by two faults of a run, a PostgreSQL fault alone. */
export function groupingProblems(effects: FaultEffects, runs: FaultRuns): string[] {
  const problems: string[] = [];
  const grouped = runs.flat();
  for (const fault of Object.keys(effects)) {
    const count = grouped.filter((f) => f === fault).length;
    if (count !== 1) problems.push(`fault ${fault} is in ${count} runs`);
  }
  for (const fault of grouped) if (!effects[fault]) problems.push(`run names unknown fault ${fault}`);
  for (const run of runs) {
    if (run.length === 0) problems.push('an empty run');
    const ids = run.flatMap((f) => namedChecks(effects[f]));
    const twice = ids.filter((id, i) => ids.indexOf(id) !== i);
    if (twice.length > 0) problems.push(`run ${run.join(',')} names ${[...new Set(twice)].join(', ')} under two faults`);
    if (run.length > 1 && run.some((f) => effects[f]?.needsPostgres)) problems.push(`run ${run.join(',')}: a PostgreSQL-only fault runs alone`);
  }
  return problems;
}

/** The options of `wirecheck run` a run of these faults takes. */
export function runArgsOf(effects: FaultEffects, faults: readonly string[]): string[] {
  return faults.flatMap((f) => effects[f]?.runArgs ?? []);
}

/** One expectation per run: every fault of it on, every check they name. */
export function runExpectations(effects: FaultEffects, runs: FaultRuns): FaultExpectation[] {
  return runs.map((run) => {
    const runArgs = runArgsOf(effects, run);
    return {
      fault: run.join(','),
      fails: run.flatMap((f) => effects[f]?.fails ?? []),
      changes: run.flatMap((f) => effects[f]?.changes ?? []),
      ...(run.some((f) => effects[f]?.needsPostgres) ? { needsPostgres: true } : {}),
      ...(runArgs.length > 0 ? { runArgs } : {}),
    };
  });
}

/** The names a reference's faults.ts declares: one `'name', // what it breaks` line each. */
export function declaredFaults(source: string): string[] {
  return [...source.matchAll(/^\s+'([a-z0-9-]+)', +\/\//gm)].map((m) => m[1] ?? '');
}
