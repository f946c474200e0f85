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
}
