// How long the PostgreSQL store waits before it reports itself unavailable (callers
// answer 503, which a webhook sender retries). Without a bound, a database that stops
// answering (frozen, or a network path that drops packets) held every delivery until
// it came back (issue 17, finding 7).
import type { EnvReader } from '../shared/env-config.ts';

export interface StoreTimeouts {
  /** A connection: a new one, or a free one of the pool when all are busy. */
  readonly connectMs: number;
  /**
   * One statement, lock waits included. The server cancels it (statement_timeout) and
   * ends a transaction left idle this long (idle_in_transaction_session_timeout, so a
   * stalled client cannot hold row locks others wait on); for a server that answers
   * nothing at all, the client gives up a moment later (CLIENT_GRACE_MS).
   */
  readonly statementMs: number;
}

export const DEFAULT_STORE_TIMEOUTS: StoreTimeouts = { connectMs: 3_000, statementMs: 5_000 };

/**
 * The client's own limit waits this much longer than the server's, so that a server
 * that still answers cancels the statement itself, with a clear error and the
 * connection kept; the client's limit is for a server that no longer answers.
 */
export const CLIENT_GRACE_MS = 1_000;

/** At least 1 ms each: pg and PostgreSQL read 0 as "no limit", the very thing refused here. */
export function readStoreTimeouts(read: EnvReader): StoreTimeouts {
  const d = DEFAULT_STORE_TIMEOUTS;
  return {
    connectMs: read.integer('DATABASE_CONNECT_TIMEOUT_MS', d.connectMs, 1),
    statementMs: read.integer('DATABASE_STATEMENT_TIMEOUT_MS', d.statementMs, 1),
  };
}
