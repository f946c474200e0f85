// The business work of a payment.succeeded event, inside the transaction that also
// completes its job: the payment state moves to "succeeded" at the event's version
// (unless the guard finds it stale), and the completion is recorded once.
import type { SqlExecutor } from '../../store/sql-store.ts';
import type { WebhookFault } from '../faults.ts';
import { eventVersion } from './event-version.ts';
import { applyVersion } from './payment-guard.ts';
import { BusinessActionError, LostClaimError } from './processing-error.ts';
import { PROVIDER } from '../event-repository.ts';

/** CONTRACTS §5: the status a payment.succeeded event sets. */
export const SUCCEEDED = 'succeeded';

export interface ClaimedEvent {
  readonly eventKey: string;
  readonly eventId: string;
  readonly rawBody: Buffer;
}

function parse(raw: Buffer): { createdAt?: unknown; data?: unknown } {
  return JSON.parse(raw.toString('utf8')) as { createdAt?: unknown; data?: unknown };
}

export async function performBusinessAction(
  tx: SqlExecutor,
  claimed: ClaimedEvent,
  faults: ReadonlySet<WebhookFault>,
): Promise<{ applied: boolean }> {
  const event = parse(claimed.rawBody);
  const data = typeof event.data === 'object' && event.data !== null ? (event.data as Record<string, unknown>) : {};
  const paymentId = data['paymentId'];
  const version = eventVersion(event);
  if (typeof paymentId !== 'string' || paymentId === '' || version === undefined) {
    throw new BusinessActionError('the event names no payment (data.paymentId) or no usable version (data.version, createdAt)');
  }
  // The completion first: if it is already recorded, another worker finished this
  // event and nothing may be applied again.
  const effect = await tx.query(
    `INSERT INTO webhook_effects (provider, effect_key, event_id, applied) VALUES ($1, $2, $3, false)
     ON CONFLICT DO NOTHING RETURNING 1`,
    [PROVIDER, claimed.eventKey, claimed.eventId],
  );
  if (effect.rowCount === 0) throw new LostClaimError(`event ${claimed.eventId} was completed by another worker`);
  const status = faults.has('wrong-payment-status') ? 'paid' : SUCCEEDED;
  const applied = await applyVersion(tx, { paymentId, version, status, eventId: claimed.eventId }, faults);
  if (applied) {
    await tx.query(`UPDATE webhook_effects SET applied = true WHERE provider = $1 AND effect_key = $2`, [PROVIDER, claimed.eventKey]);
  }
  return { applied };
}
