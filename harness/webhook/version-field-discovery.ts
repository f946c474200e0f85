// Where the receiver reads an event's version, found through the probe. The spec guards
// state changes "by the per-object version" without saying where an event carries it
// (CONTRACTS §5 decides data.version for the reference: "an event without it uses the
// epoch milliseconds of `createdAt`"), so WH-ORD-01..03 must send versions where the
// target reads them. With --probe and no --version-field, the preflight delivers one
// valid event carrying a different integer at each candidate field, and a createdAt whose
// epoch milliseconds differ from all of them, waits for its work, and reads the payment's
// version back (GET /__probe/payments/{paymentId}): the field holding that value is the
// one the receiver reads. Nothing is assumed when no field holds it: the checks are then
// skipped, saying what was tried and what the payment showed.
import type { Transcript } from '../http/index.ts';
import { request } from '../http/index.ts';
import { paymentEvent, withField, type PaymentEvent } from './payment-event.ts';
import { deliveryRequest } from './webhook-client.ts';
import type { WebhookProbe } from './webhook-probe.ts';
import type { WebhookTarget } from './webhook-target.ts';
import { waitUntilSettled, WorkStuckError, type WorkWatch } from './wait-for-work.ts';

/** Where receivers commonly carry an event's version, most likely first: under data, then at the top. */
export const VERSION_FIELD_CANDIDATES: readonly string[] = [
  'data.version', 'version', 'data.sequence', 'sequence', 'data.revision', 'revision', 'data.seq', 'seq',
  'data.sequenceNumber', 'sequenceNumber', 'data.sequence_number', 'sequence_number', 'data.eventVersion', 'eventVersion',
  'data.event_version', 'event_version', 'data.objectVersion', 'data.versionNumber', 'data.version_number',
];

/** The event's own createdAt, read as its epoch milliseconds (CONTRACTS §5). */
export const CREATED_AT_FIELD = 'createdAt';

/** The value each candidate carries in the discovery event: distinct, small, far from any createdAt's milliseconds. */
const FIRST_VALUE = 101;

export type VersionFieldDiscovery =
  | { readonly field: string; readonly line: string }
  | { readonly field?: undefined; readonly line: string; readonly why: string };

/** The discovery event: a valid payment.succeeded event for a fresh payment, with one value per candidate. */
export function discoveryEvent(): { event: PaymentEvent; values: ReadonlyMap<number, string> } {
  const base = paymentEvent();
  let event: PaymentEvent = { ...base, data: { paymentId: base.data.paymentId, amount: base.data.amount, currency: base.data.currency } };
  const values = new Map<number, string>();
  VERSION_FIELD_CANDIDATES.forEach((field, i) => {
    event = withField(event, field, FIRST_VALUE + i);
    values.set(FIRST_VALUE + i, field);
  });
  values.set(Date.parse(event.createdAt), CREATED_AT_FIELD);
  return { event, values };
}

const TRIED = `${VERSION_FIELD_CANDIDATES.length} candidate fields (${VERSION_FIELD_CANDIDATES.slice(0, 4).join(', ')}, …) and ${CREATED_AT_FIELD}`;

/** Where a version is read was not found: the line for the terminal, and the reason the checks that need it are skipped with. */
export function versionFieldNotFound(why: string): VersionFieldDiscovery {
  return {
    why: `the preflight looked through the probe and found none: ${why}`,
    line: `version field: not found — ${why}. WH-ORD-01..03 are skipped; give --version-field PATH`,
  };
}

/** Delivers the discovery event to the target, waits for its work, and names the field its payment's version came from. */
export async function discoverVersionField(target: WebhookTarget, probe: WebhookProbe, watch: WorkWatch, transcript: Transcript): Promise<VersionFieldDiscovery> {
  const { event, values } = discoveryEvent();
  transcript.note(`where does the receiver read an event's version? Event ${event.id} carries a different value at each of ${TRIED}: `
    + [...values].map(([value, field]) => `${field}=${value}`).join(', '));
  const answer = await request(target.baseUrl, deliveryRequest(target, { body: event }), { transcript });
  if (answer.statusCode !== 202) return versionFieldNotFound(`an event carrying a value at each of ${TRIED} was answered ${answer.statusCode}, not 202`);
  watch.ledger.acknowledge([event.id]);
  try {
    await waitUntilSettled(watch, event.id, `the preflight's version-field event ${event.id}`);
  } catch (error) {
    if (!(error instanceof WorkStuckError)) throw error;
    return versionFieldNotFound(`the work of an event carrying a value at each of ${TRIED} did not complete (${error.message})`);
  }
  const payment = await probe.payment(event.data.paymentId);
  if (!payment) return versionFieldNotFound(`an event carrying a value at each of ${TRIED} left its payment with no state (the probe's GET __probe/payments/{paymentId} answered 404)`);
  const field = values.get(payment.version);
  if (field === undefined) return versionFieldNotFound(`an event carrying a value at each of ${TRIED} left its payment at version ${payment.version}, which none of them holds`);
  // Tried: every candidate and createdAt; the others are all but the one found.
  const others = VERSION_FIELD_CANDIDATES.length;
  const at = field === CREATED_AT_FIELD ? `${CREATED_AT_FIELD} (its epoch milliseconds)` : field;
  return {
    field,
    line: `version field: ${field}, found through the probe — of an event carrying ${payment.version} at ${at} and other values at the ${others} other places tried, `
      + `its payment took version ${payment.version}. WH-ORD-01..03 send versions there (--version-field PATH overrides)`,
  };
}
