// What the self-test expects of one fault of a reference: the checks it must make
// fail, and the INFO checks whose observation it must change (an INFO check never
// fails, but one whose observation cannot change would be blind).

export interface FaultExpectation {
  readonly fault: string;
  /** MUST and SHOULD checks that must fail (the self-test runs with --strict). */
  readonly fails: readonly string[];
  /** INFO checks whose observation must differ from the clean run's. */
  readonly changes?: readonly string[];
  /** Why this fault needs a multi-instance (PostgreSQL) run, when it does. */
  readonly needsPostgres?: boolean;
  /** Further options of the fault's `wirecheck run` (a shorter --work-timeout where waiting it out proves nothing). */
  readonly runArgs?: readonly string[];
  /**
   * A fault the preflight catches before any check: a run of these checks must end
   * with exit 2 and a message holding `message` (a prerequisite they rely on, such as a
   * probe that sees, does not hold) — never with them passing.
   */
  readonly preflight?: { readonly message: string; readonly only: readonly string[] };
}
