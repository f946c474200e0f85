// Processing order step 3: id and createdAt present and non-empty strings, type
// exactly payment.succeeded. The data object is not validated by the receiver.
import type { WebhookFault } from './faults.ts';

export const ACCEPTED_TYPE = 'payment.succeeded';

export interface ValidEvent {
  readonly id: string;
  readonly type: string;
}

const OLD_EVENT_MS = 5 * 60 * 1000;

function nonEmptyString(value: unknown): value is string {
  return typeof value === 'string' && value.length > 0;
}

function hasValidFields(event: Record<string, unknown>, faults: ReadonlySet<WebhookFault>): boolean {
  if (faults.has('no-field-validation')) return true;
  const idOk = faults.has('empty-id-accepted') ? typeof event['id'] === 'string' : nonEmptyString(event['id']);
  return idOk && nonEmptyString(event['createdAt']);
}

function typeMatches(type: unknown, faults: ReadonlySet<WebhookFault>): boolean {
  if (faults.has('type-compared-loosely')) return typeof type === 'string' && type.trim().toLowerCase().startsWith(ACCEPTED_TYPE.slice(0, -1));
  return type === ACCEPTED_TYPE;
}

/** The data-validated fault's test: the receiver must not validate data at all. */
function hasPaymentId(data: unknown): boolean {
  return typeof data === 'object' && data !== null && typeof (data as Record<string, unknown>)['paymentId'] === 'string';
}

export function validateEvent(parsed: unknown, faults: ReadonlySet<WebhookFault>): ValidEvent | undefined {
  if (faults.has('non-object-unhandled')) {
    // The fault reads fields of whatever was parsed: null throws a TypeError (500).
    void (parsed as Record<string, unknown>)['id'];
  } else if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    return undefined;
  }
  const event = parsed as Record<string, unknown>;
  if (!hasValidFields(event, faults)) return undefined;
  if (!faults.has('any-type-accepted') && !typeMatches(event['type'], faults)) return undefined;
  if (faults.has('data-validated') && !hasPaymentId(event['data'])) return undefined;
  if (faults.has('old-created-at-rejected')
    && !(Date.now() - Date.parse(String(event['createdAt'])) < OLD_EVENT_MS)) return undefined;
  return {
    id: String(event['id']),
    type: String(event['type']),
  };
}
