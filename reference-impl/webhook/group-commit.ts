// Group commit: deliveries that arrive while the database is busy with earlier ones
// are recorded together — one statement, one transaction, one commit (one WAL flush)
// for many deliveries. Each caller's promise settles only after the statement holding
// its record committed, so every 202 still follows its own durable commit. A database
// that is down fails every delivery of the group (503), and none is acknowledged. A
// statement the database refuses because of one of its rows fails that delivery
// alone: the statement committed nothing, so the group is retried in halves down to
// the row that fails on its own (issue 17, finding 6: one over-long id once failed
// all its neighbours).
//
// Up to `maxInFlight` groups commit at once: while they do, new deliveries queue and
// go out together as the next group as soon as one finishes. One group at a time
// would leave the database idle between a commit and the next statement (and a
// 4-round-trip BEGIN/INSERT/INSERT/COMMIT made that gap longer than the commit
// itself); a few in flight keep it busy while each group stays large.
import { StoreUnavailableError, type SqlStore } from '../store/sql-store.ts';
import { insertEvents, type EventRow, type RecordOutcome } from './event-repository.ts';

interface Pending {
  readonly row: EventRow;
  resolve(outcome: RecordOutcome): void;
  reject(error: unknown): void;
}

/** PostgreSQL accepts at most 65535 parameters per statement: 4 per row, with room to spare. */
export const MAX_GROUP = 1000;
/** Groups committing at once (each holds one pooled connection while it does). */
export const MAX_IN_FLIGHT = 3;

export class GroupCommitter {
  readonly #queue: Pending[] = [];
  #inFlight = 0;
  #scheduled = false;
  #failNext = false;

  constructor(private readonly store: SqlStore, private readonly maxGroup = MAX_GROUP, private readonly maxInFlight = MAX_IN_FLIGHT) {}

  /**
   * The probe's fail switch (CONTRACTS §4): the next record's commit fails as if the
   * database were down. It fails alone — taken out before it joins a group — so no
   * delivery that would have been recorded fails with it.
   */
  failNextCommit(): void {
    this.#failNext = true;
  }

  record(row: EventRow): Promise<RecordOutcome> {
    if (this.#failNext) {
      this.#failNext = false;
      return Promise.reject(new StoreUnavailableError('the commit failed: the probe\'s fail-next-commit switch was armed'));
    }
    return new Promise((resolve, reject) => {
      this.#queue.push({ row, resolve, reject });
      this.#schedule();
    });
  }

  #schedule(): void {
    if (this.#scheduled || this.#inFlight >= this.maxInFlight || this.#queue.length === 0) return;
    this.#scheduled = true;
    // setImmediate: deliveries parsed in the same turn of the event loop share a group.
    setImmediate(() => {
      this.#scheduled = false;
      while (this.#queue.length > 0 && this.#inFlight < this.maxInFlight) void this.#commit(this.#queue.splice(0, this.maxGroup));
    });
  }

  async #commit(group: Pending[]): Promise<void> {
    this.#inFlight += 1;
    try {
      await this.#settle(group);
    } finally {
      this.#inFlight -= 1;
      this.#schedule();
    }
  }

  /**
   * Records the group in one statement, or — the database refusing it for a reason of
   * its rows — each half on its own, so only the deliveries that fail alone fail. The
   * halves go one after the other: a group holds one connection at a time. Retrying
   * is safe: a refused statement committed nothing, and a record another statement
   * made meanwhile is a duplicate (ON CONFLICT DO NOTHING), so each id is still
   * recorded once.
   */
  async #settle(group: readonly Pending[]): Promise<void> {
    try {
      // One statement outside BEGIN/COMMIT is a transaction of its own: one commit.
      const outcomes = await insertEvents(this.store, group.map((p) => p.row));
      group.forEach((pending, i) => pending.resolve(outcomes[i] ?? 'duplicate'));
    }
    catch (error) {
      // Unavailable (down, or a timeout): every delivery fails now, none is retried —
      // retrying would only make each wait out the timeout again.
      if (error instanceof StoreUnavailableError) {
        for (const pending of group) pending.reject(error);
      } else if (group.length === 1) {
        for (const pending of group) pending.reject(refused(error));
      } else {
        const half = Math.ceil(group.length / 2);
        await this.#settle(group.slice(0, half));
        await this.#settle(group.slice(half));
      }
    }
  }
}

/** The database refused one delivery's record (answered 500, which the sender retries). */
export class RecordRefusedError extends Error {
  override readonly name = 'RecordRefusedError';
}

/**
 * pg's message and SQLSTATE, without its detail: for a constraint violation the detail
 * is the failing row, raw body included, and payloads are never logged.
 */
function refused(error: unknown): RecordRefusedError {
  const { message, code } = error as { message?: unknown; code?: unknown };
  return new RecordRefusedError(`the database refused this event's record (SQLSTATE ${String(code ?? 'unknown')}): ${String(message)}`);
}
