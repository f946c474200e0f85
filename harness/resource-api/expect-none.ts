// Checks that collect every problem before judging, so one run names all of them.
// The first line of the failure says what is wrong with the first case (it becomes
// the reason in the summary); the rest of the message lists every case.

export class ProblemsFound extends Error {
  override readonly name = 'ProblemsFound';
  constructor(readonly headline: string, readonly problems: readonly string[]) {
    const more = problems.length > 1 ? ` (and ${problems.length - 1} more)` : '';
    super(`${headline}: ${problems[0] ?? ''}${more}\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  }
}

/** Fails, listing every problem, unless there is none. */
export function expectNone(problems: readonly string[], headline: string): void {
  if (problems.length > 0) throw new ProblemsFound(headline, problems);
}
