// The ordering guard: payment state changes only when the event's version is
// greater than the stored one — decided in ONE SQL statement, so two workers
// applying versions of one payment concurrently cannot both win.
import type { SqlExecutor } from '../../store/sql-store.ts';
import { digestKey, storageKey } from '../../store/storage-key.ts';
import type { WebhookFault } from '../faults.ts';

function comparison(faults: ReadonlySet<WebhookFault>): string {
  if (faults.has('no-version-guard')) return 'TRUE';
  if (faults.has('equal-version-reapplied')) return 'payment_states.version <= EXCLUDED.version';
  return 'payment_states.version < EXCLUDED.version';
}

/**
 * A payment's key in payment_states and payment_applied: the digest of its id's storage
 * key. The spec sets no length limit on data.paymentId below the body's, and a btree
 * entry holds at most ~2,700 bytes (schema/001-webhook.sql).
 */
export function paymentKey(paymentId: string): string {
  return digestKey(storageKey(paymentId));
}

/** Applies version → status to the payment (data.paymentId); false when the guard ignored it as stale. */
export async function applyVersion(
  tx: SqlExecutor,
  change: { paymentId: string; version: number; status: string; eventId: string },
  faults: ReadonlySet<WebhookFault>,
): Promise<boolean> {
  const key = paymentKey(change.paymentId);
  const { rowCount } = await tx.query(
    `INSERT INTO payment_states (payment_key, payment_id, version, status) VALUES ($1, $2, $3, $4)
     ON CONFLICT (payment_key) DO UPDATE
       SET version = EXCLUDED.version, status = EXCLUDED.status, updated_at = clock_timestamp()
       WHERE ${comparison(faults)}
     RETURNING version`,
    [key, storageKey(change.paymentId), change.version, change.status],
  );
  if (rowCount === 0) return false;
  await tx.query(`INSERT INTO payment_applied (payment_key, version, event_id) VALUES ($1, $2, $3)`,
    [key, change.version, change.eventId]);
  return true;
}
