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

function asStoreFailure(error: unknown): StoreUnavailableError {
  if (error instanceof StoreUnavailableError) return error;
  return new StoreUnavailableError(`store failure: ${(error as Error)?.message ?? String(error)}`, { cause: error });
}

export class StoreGateway implements SqlExecutor {
  #failNextCommit = false;
  readonly #pending = new Set<Promise<void>>();

  constructor(
    private readonly store: SqlStore,
    private readonly onDeferredError: (error: unknown) => void,
  ) {}

  async query<R>(sql: string, params: readonly unknown[] = []): Promise<QueryResult<R>> {
    try {
      return await this.store.query<R>(sql, params);
    } catch (error) {
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
          throw new StoreUnavailableError('commit failed: injected by POST /__probe/fail-next-commit');
        }
        return outcome;
      });
    } catch (error) {
      throw asStoreFailure(error);
    }
  }

  /** Runs work after delayMs, detached from the request (fault ack-before-commit only). */
  later(delayMs: number, work: () => Promise<unknown>): void {
    const run = new Promise<void>((resolve) => setTimeout(resolve, delayMs))
      .then(work)
      .then(() => undefined, this.onDeferredError)
      .finally(() => this.#pending.delete(run));
    this.#pending.add(run);
  }

  async drain(): Promise<void> {
    await Promise.allSettled([...this.#pending]);
  }
}
