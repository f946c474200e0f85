// Property-based checks run with the run's seed, so a failure is replayable: the
// error leads with what went wrong on the smallest counterexample found, then names
// the seed and the one-line command that reruns just this check.
//
// Every run of these properties crosses the network, so shrinking is bounded: the
// failing case is found without shrinking, then replayed from its path and shrunk
// for at most SHRINK_BUDGET_MS — a counterexample that is not minimal beats a check
// that takes minutes to report.
import fc from 'fast-check';
import type { CheckContext } from './check.ts';
import { BUSY_MACHINE_ADVICE, HarnessError } from './harness-error.ts';
import { scaledLimit, scaledNote } from '../target/machine-pace.ts';

const RUN_BUDGET_MS = 60_000;
const SHRINK_BUDGET_MS = 15_000;

type AnyProperty<Ts> = fc.IAsyncPropertyWithHooks<Ts> | fc.IPropertyWithHooks<Ts>;

/** `failed on the 1st generated case (shrunk 3 times)`: fast-check's first line ("Property failed after 1 tests") in words. */
export function failedAfter(details: Pick<fc.RunDetails<unknown>, 'numRuns' | 'numShrinks'>): string {
  const n = details.numRuns;
  const nth = n % 10 === 1 && n % 100 !== 11 ? 'st' : n % 10 === 2 && n % 100 !== 12 ? 'nd' : n % 10 === 3 && n % 100 !== 13 ? 'rd' : 'th';
  const shrunk = details.numShrinks > 0 ? ` (shrunk ${details.numShrinks} time${details.numShrinks === 1 ? '' : 's'})` : '';
  return `failed on the ${n}${nth} generated case${shrunk}`;
}

function failure<Ts>(ctx: CheckContext, details: fc.RunDetails<Ts>): Error {
  const report = fc.defaultReportMessage(details) ?? 'property failed';
  const cause = details.errorInstance instanceof Error ? details.errorInstance.message.split('\n')[0] : undefined;
  const counterexample = details.counterexample ? fc.stringify(details.counterexample) : '';
  return new Error(
    `${failedAfter(details)}${cause ? `: ${cause}` : ''}\ncounterexample: ${counterexample.slice(0, 500)}\n`
    + `seed ${ctx.seed} — replay: ${ctx.run.reproduce} --only ${ctx.check.id}\n\n${report}`,
    { cause: details.errorInstance },
  );
}

/** `budgetMs`: the harness's own time budget for the runs (default RUN_BUDGET_MS), stretched for a busy machine. */
export async function assertProperty<Ts>(ctx: CheckContext, property: AnyProperty<Ts>, options: { numRuns: number; budgetMs?: number }): Promise<void> {
  const budgetMs = scaledLimit(options.budgetMs ?? RUN_BUDGET_MS);
  const found = await fc.check(property, { seed: ctx.seed, numRuns: options.numRuns, endOnFailure: true, interruptAfterTimeLimit: budgetMs });
  // fast-check calls a run stopped before its first case ended failed, with no case and no
  // error: the budget is the harness's (each exchange has a limit of its own, where a target
  // that stops answering fails), so nothing was seen of the target.
  if (found.interrupted && found.numRuns === 0) {
    throw new HarnessError('limit', `${ctx.check.id}'s first generated case did not finish within the property's time budget of ${budgetMs / 1000} s${scaledNote()}`, BUSY_MACHINE_ADVICE);
  }
  if (!found.failed) {
    if (found.interrupted) ctx.transcript.note(`property stopped after ${found.numRuns} of ${options.numRuns} runs: time limit of ${budgetMs / 1000} s`);
    return;
  }
  const shrunk = await fc.check(property, {
    seed: ctx.seed, numRuns: options.numRuns, path: found.counterexamplePath ?? undefined, interruptAfterTimeLimit: scaledLimit(SHRINK_BUDGET_MS),
  });
  throw failure(ctx, reportedRun(found, shrunk));
}

/**
 * Which run a failure is told from: the shrunk replay, unless it never ran its case. A
 * flaky target may pass the replay, and a busy machine may hold it past its time limit
 * before the case ran (fast-check then reports it failed after 0 runs, without an error):
 * the first failure still stands.
 */
export function reportedRun<Ts>(found: fc.RunDetails<Ts>, shrunk: fc.RunDetails<Ts>): fc.RunDetails<Ts> {
  return shrunk.failed && shrunk.numRuns > 0 ? shrunk : found;
}
