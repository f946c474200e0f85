// The durable queue: a job per accepted event, claimed under a lease with
// FOR UPDATE SKIP LOCKED (many workers, many processes, no double claim), completed
// only by the holder of the current claim token.
import { randomUUID } from 'node:crypto';
import type { SqlExecutor, SqlStore } from '../../store/sql-store.ts';
import { PROVIDER } from '../event-repository.ts';
import { LostClaimError } from './processing-error.ts';

export interface ClaimedJob {
  readonly eventKey: string;
  readonly eventId: string;
  readonly rawBody: Buffer;
  readonly attempts: number;
  readonly claimToken: string;
  readonly receivedAt: Date;
}

export async function claimNextJob(store: SqlStore, leaseMs: number): Promise<ClaimedJob | undefined> {
  const token = randomUUID();
  return store.transaction(async (tx) => {
    const { rows } = await tx.query<{ event_key: string }>(
      `SELECT event_key FROM webhook_jobs
       WHERE provider = $1 AND run_after <= clock_timestamp()
         AND (locked_until IS NULL OR locked_until < clock_timestamp())
       ORDER BY run_after LIMIT 1 FOR UPDATE SKIP LOCKED`, [PROVIDER]);
    const key = rows[0]?.event_key;
    if (key === undefined) return undefined;
    const claimed = await tx.query<{ attempts: number }>(
      `UPDATE webhook_jobs SET attempts = attempts + 1, claim_token = $3,
              locked_until = clock_timestamp() + $4 * interval '1 millisecond'
       WHERE provider = $1 AND event_key = $2 RETURNING attempts`, [PROVIDER, key, token, leaseMs]);
    const event = await tx.query<{ event_id: string; raw_body: Buffer | Uint8Array; received_at: Date | string }>(
      `UPDATE webhook_events SET status = 'processing' WHERE provider = $1 AND event_key = $2
       RETURNING event_id, raw_body, received_at`, [PROVIDER, key]);
    const row = event.rows[0];
    if (!row) return undefined;
    return {
      eventKey: key, eventId: row.event_id, rawBody: Buffer.from(row.raw_body),
      attempts: claimed.rows[0]?.attempts ?? 1, claimToken: token, receivedAt: new Date(row.received_at),
    };
  });
}

/** In the business action's transaction: ends the job and marks the record completed. */
export async function completeJob(tx: SqlExecutor, job: ClaimedJob): Promise<void> {
  const deleted = await tx.query(
    `DELETE FROM webhook_jobs WHERE provider = $1 AND event_key = $2 AND claim_token = $3 RETURNING 1`,
    [PROVIDER, job.eventKey, job.claimToken]);
  if (deleted.rowCount === 0) throw new LostClaimError(`the claim on event ${job.eventId} expired before it completed`);
  await tx.query(`UPDATE webhook_events SET status = 'completed', completed_at = clock_timestamp() WHERE provider = $1 AND event_key = $2`,
    [PROVIDER, job.eventKey]);
}

/** After a failed attempt: retry later, or — attempts used up — mark the record failed. */
export async function failJob(store: SqlStore, job: ClaimedJob, error: string, retry: { maxAttempts: number; delayMs: number }): Promise<'retry' | 'failed'> {
  return store.transaction(async (tx) => {
    if (job.attempts >= retry.maxAttempts) {
      await tx.query(`DELETE FROM webhook_jobs WHERE provider = $1 AND event_key = $2 AND claim_token = $3`, [PROVIDER, job.eventKey, job.claimToken]);
      await tx.query(`UPDATE webhook_events SET status = 'failed' WHERE provider = $1 AND event_key = $2`, [PROVIDER, job.eventKey]);
      return 'failed';
    }
    await tx.query(
      `UPDATE webhook_jobs SET locked_until = NULL, claim_token = NULL, last_error = $4,
              run_after = clock_timestamp() + $5 * interval '1 millisecond'
       WHERE provider = $1 AND event_key = $2 AND claim_token = $3`,
      [PROVIDER, job.eventKey, job.claimToken, error.slice(0, 500), retry.delayMs]);
    // The record stays "processing" while its retries last.
    return 'retry';
  });
}

export async function queueStats(store: SqlStore): Promise<{ depth: number; oldestAgeSeconds: number }> {
  const { rows } = await store.query<{ depth: number; age: number | null }>(
    `SELECT count(*)::int AS depth, extract(epoch FROM clock_timestamp() - min(created_at))::float8 AS age
     FROM webhook_jobs WHERE provider = $1`, [PROVIDER]);
  return { depth: rows[0]?.depth ?? 0, oldestAgeSeconds: rows[0]?.age ?? 0 };
}
