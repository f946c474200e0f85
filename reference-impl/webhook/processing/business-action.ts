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
// Stryker disable next-line StringLiteral: not shown: the spec names the payment's status field, not the value a payment.succeeded sets; CONTRACTS §5 decides "succeeded" for the reference only (WH-ORD-05 is INFO)
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
  // Stryker disable next-line ConditionalExpression,LogicalOperator: equivalent, data that is not an object names no payment, so the event fails either way (→ true for the test or an operand, || for &&); the directive also hides the detected → false, which reads no data at all: no payment, WH-PROC-01 sees no work complete
  const data = typeof event.data === 'object' && event.data !== null ? (event.data as Record<string, unknown>) : {};
  const paymentId = data['paymentId'];
  const version = eventVersion(event);
  // Stryker disable next-line ConditionalExpression,LogicalOperator,StringLiteral,BlockStatement: not shown: what becomes of an event whose business work cannot run (WH-PROC-03 is INFO); the directive also hides the detected → true and '' for 'string', which refuse every event: WH-PROC-01 sees no work complete
  if (typeof paymentId !== 'string' || paymentId === '' || version === undefined) {
    // Stryker disable next-line StringLiteral: not shown: what becomes of an event whose business work cannot run (WH-PROC-03 is INFO)
    throw new BusinessActionError('the event names no payment (data.paymentId) or no usable version (data.version, createdAt)');
  }
  // The completion first: if it is already recorded, another worker finished this
  // event and nothing may be applied again.
  const effect = await tx.query(
    `INSERT INTO webhook_effects (provider, effect_key, event_id, applied) VALUES ($1, $2, $3, false)
     ON CONFLICT DO NOTHING RETURNING 1`,
    [PROVIDER, claimed.eventKey, claimed.eventId],
  );
  // Stryker disable next-line ConditionalExpression,StringLiteral: unreachable through the contract: only when a claim expires mid-work (a worker stalled past WORKER_LEASE_MS, 30 s), and no run stalls a worker (→ false changes nothing, the message is never written); the directive also hides the detected → true, which drops every event's work as another worker's: WH-PROC-01 sees none complete
  if (effect.rowCount === 0) throw new LostClaimError(`event ${claimed.eventId} was completed by another worker`);
  const status = faults.has('wrong-payment-status') ? 'paid' : SUCCEEDED;
  const applied = await applyVersion(tx, { paymentId, version, status, eventId: claimed.eventId }, faults);
  // Stryker disable next-line all: operational record: the spec lists what the receiver keeps, not its names or form (WH-OPS-01 is INFO) — the effect's applied flag; the probe shows application in the payment's applied list
  if (applied) {
    // Stryker disable next-line StringLiteral: operational record: the spec lists what the receiver keeps, not its names or form (WH-OPS-01 is INFO) — the effect's applied flag; the probe shows application in the payment's applied list (an empty statement runs as a no-op)
    await tx.query(`UPDATE webhook_effects SET applied = true WHERE provider = $1 AND effect_key = $2`, [PROVIDER, claimed.eventKey]);
  }
  // Stryker disable next-line ObjectLiteral: operational record: the spec lists what the receiver keeps, not its names or form (WH-OPS-01 is INFO) — the stale count
  return { applied };
}
