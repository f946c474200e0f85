// --repeat K: every selected check ran K times against the same target. A check whose
// outcome was the same every time is reported as its first attempt. One whose
// outcome varied is flaky, and flaky is never passed: failed for a MUST check (and a
// SHOULD one with --strict), warned for SHOULD, info for INFO (which never judges).
// An attempt the harness could not judge (`error`) says nothing of the target: the
// judged attempts decide, and only when none was judged is the check `error`.
import type { Level } from '../../checks/check-definition.ts';
import type { Outcome } from '../../checks/outcome.ts';
import type { CheckResult } from '../../report/check-result.ts';

export function flakyOutcome(level: Level, strict: boolean): Outcome {
  if (level === 'INFO') return 'info';
  if (level === 'SHOULD' && !strict) return 'warned';
  return 'failed';
}

/** The attempt whose evidence explains the flake: the first that did not pass. */
function evidenceOf(tries: readonly CheckResult[]): CheckResult | undefined {
  return tries.find((t) => t.outcome === 'failed' || t.outcome === 'warned') ?? tries.find((t) => t.outcome !== 'passed');
}

function merged(tries: readonly CheckResult[], strict: boolean): CheckResult | undefined {
  const [first] = tries;
  if (!first) return undefined;
  const attempts = tries.map((t) => t.outcome);
  const judged = tries.filter((t) => t.outcome !== 'error');
  const [firstJudged] = judged;
  if (!firstJudged) return first;
  if (judged.every((t) => t.outcome === firstJudged.outcome)) return judged.length === tries.length ? first : { ...firstJudged, attempts };
  const evidence = evidenceOf(judged) ?? firstJudged;
  const why = evidence.reason ?? evidence.observed ?? '';
  return {
    ...evidence,
    outcome: flakyOutcome(first.check.level, strict),
    reason: `flaky: the outcome varied over ${tries.length} attempts (${attempts.join(', ')})${why ? ` — ${why}` : ''}`,
    flaky: true,
    attempts,
  };
}

/** attempts[k][i] is check i's result in attempt k; every attempt lists the same checks in the same order. */
export function mergeAttempts(attempts: readonly (readonly CheckResult[])[], strict: boolean): CheckResult[] {
  const first = attempts[0] ?? [];
  return first.map((result, index) => {
    const tries = attempts.map((attempt) => attempt[index]).filter((t): t is CheckResult => t?.check.id === result.check.id);
    return merged(tries, strict) ?? result;
  });
}
