// Checks that collect every problem before judging, so one run names all of them.
// The first line of the failure says what is wrong with the first case (it becomes
// the reason in the summary); the rest of the message lists every case.
import type { RootCause } from '../checks/root-cause.ts';

export class ProblemsFound extends Error {
  override readonly name = 'ProblemsFound';
  /** The fault the problems are symptoms of, when the check knows it (checks/root-cause.ts). */
  readonly rootCause: RootCause | undefined;

  constructor(readonly headline: string, readonly problems: readonly string[], rootCause?: RootCause) {
    const more = problems.length > 1 ? ` (and ${problems.length - 1} more)` : '';
    super(`${headline}: ${problems[0] ?? ''}${more}\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.rootCause = rootCause;
  }
}

/** Fails, listing every problem, unless there is none; `rootCause`, when given, is what they are symptoms of. */
export function expectNone(problems: readonly string[], headline: string, rootCause?: RootCause): void {
  if (problems.length > 0) throw new ProblemsFound(headline, problems, rootCause);
}
