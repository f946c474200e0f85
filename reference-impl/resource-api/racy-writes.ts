// Faults lock-per-request, no-row-lock and multi-process-read-then-write: three common
// ways a DELETE and a conditional PATCH decide on a read that a concurrent request can
// make stale before the write lands — the check and the act are two steps, where the
// correct paths make them one statement (labels-repo: DELETE … RETURNING decides who
// deleted; preferences-repo: the If-Match versions in the UPDATE's WHERE). No window is
// widened: each race is as narrow as the bug is in the wild.
// - lock-per-request: read and write under a lock made for each request, which
//   excludes no other request. On PGlite each query runs to its end before the next
//   request is read, so requests never interleave and the bug never shows.
// - no-row-lock: read and write in one transaction, the read without FOR UPDATE;
//   PostgreSQL (READ COMMITTED) lets two transactions read the same row, and the second
//   write runs on what its read saw. PGlite runs one transaction at a time, so there the
//   bug never shows.
// - multi-process-read-then-write: read and write under a lock keyed by the resource,
//   held in this process's memory — right for one process, and server.ts runs several
//   behind one port under this fault (each on the same PostgreSQL).
import type { AppContext } from './app-context.ts';
import type { IfMatch } from './etag.ts';
import type { LabelDeletion } from './labels-repo.ts';
import { deleteLabelUnguarded, findLabel } from './labels-repo.ts';
import { LABEL_DELETED, recordEffect } from './outbox.ts';
import type { PreferencesWrite } from './preferences-repo.ts';
import { readPreferences, writePreferences } from './preferences-repo.ts';
import type { SqlExecutor } from '../store/sql-store.ts';

type RacyLocking = 'lock-per-request' | 'no-row-lock' | 'multi-process-read-then-write';

/** Which of the three is on (the callers test for them first). */
function racyLocking(ctx: AppContext): RacyLocking {
  if (ctx.has('no-row-lock')) return 'no-row-lock';
  return ctx.has('multi-process-read-then-write') ? 'multi-process-read-then-write' : 'lock-per-request';
}

/** Mutual exclusion by key among the callers that share this object. */
class KeyedLocks {
  readonly #tails = new Map<string, Promise<unknown>>();

  async run<T>(key: string, work: () => Promise<T>): Promise<T> {
    const before = this.#tails.get(key) ?? Promise.resolve();
    const mine = before.then(work, work);
    const tail = mine.then(() => undefined, () => undefined);
    this.#tails.set(key, tail);
    try {
      return await mine;
    } finally {
      if (this.#tails.get(key) === tail) this.#tails.delete(key);
    }
  }
}

/** The one lock table of this process (multi-process-read-then-write). */
const processLocks = new KeyedLocks();

/** Read, then write, under the fault's lock; no-row-lock's whole step is one transaction. */
function readThenWrite<T extends { applied: boolean }>(ctx: AppContext, kind: RacyLocking, key: string, step: (db: SqlExecutor, write: (fn: (tx: SqlExecutor) => Promise<T>) => Promise<T>) => Promise<T>): Promise<T> {
  if (kind === 'no-row-lock') return ctx.db.commit((tx) => step(tx, (fn) => fn(tx)));
  const locks = kind === 'lock-per-request' ? new KeyedLocks() : processLocks;
  return locks.run(key, () => step(ctx.db, (fn) => ctx.db.commit(fn)));
}

const matches = (condition: IfMatch | undefined, version: number): boolean =>
  condition === undefined || condition.kind === 'any' || condition.versions.includes(version);

export function racyDeletion(ctx: AppContext, id: string, owner: string | null, condition: IfMatch | undefined): Promise<LabelDeletion> {
  return readThenWrite<LabelDeletion>(ctx, racyLocking(ctx), `label:${id}`, async (db, write) => {
    const label = await findLabel(db, id, owner);
    if (!label) return { applied: false, reason: 'absent' };
    if (!matches(condition, label.version)) return { applied: false, reason: 'precondition-failed' };
    return write(async (tx) => {
      await deleteLabelUnguarded(tx, id);
      await recordEffect(tx, LABEL_DELETED, id, { labelId: id });
      return { applied: true };
    });
  });
}

export function racyPreferencesWrite(ctx: AppContext, userId: string, weeklyDigest: boolean, condition: IfMatch | undefined): Promise<PreferencesWrite> {
  return readThenWrite<PreferencesWrite>(ctx, racyLocking(ctx), `preferences:${userId}`, async (db, write) => {
    const current = await readPreferences(db, userId);
    if (!matches(condition, current.version)) return { applied: false };
    return write((tx) => writePreferences(tx, userId, weeklyDigest, undefined));
  });
}
