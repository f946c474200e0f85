import type { Clause } from '../../checks/clause.ts';

// Rules of ../shared/specs/webhook-receiver.md, section by section: the receiver's and the
// sender's (Sender-side delivery rules, Limits). The webhook-sender system takes the
// sender's from here (webhook-sender/clauses.ts).
export const webhookSpecClauses: readonly Clause[] = [
  { clause: 'What the service does 2', text: 'Every delivery is untrusted; delivery is at-least-once and unordered.' },
  { clause: 'What the service does 3', text: 'Order: authenticate the raw bytes, parse, validate, record once, acknowledge.' },
  { clause: 'What the service does 4', text: 'A 202 means the receiver durably accepted responsibility for the event.' },
  { clause: 'What the service does 5', text: 'A delivery whose id is already recorded is acknowledged and causes no second side effect.' },
  { clause: 'Event: id', text: 'id: required, non-empty string; the duplicate-detection key.' },
  { clause: 'Event: type', text: 'type: only payment.succeeded is accepted.' },
  { clause: 'Event: data', text: 'data: the payload; not validated by the receiver.' },
  { clause: 'Event: createdAt', text: 'createdAt: required, non-empty; ISO 8601 UTC timestamp with milliseconds.' },
  { clause: 'Accepted-event record', text: 'One record per (provider, event id), uniqueness enforced where stored; status accepted/processing/completed/failed.' },
  { clause: 'Payment state', text: 'Per paymentId: last applied version and status.' },
  { clause: 'States and transitions: new event', text: 'No record for the id: record created once, work queued once, 202.' },
  { clause: 'States and transitions: duplicate', text: 'Record exists: 202, no second record, no second side effect.' },
  { clause: 'States and transitions: newer version', text: 'No state or v greater than current: the event is applied.' },
  { clause: 'States and transitions: stale version', text: 'v less than or equal to current: ignored.' },
  { clause: 'States and transitions: concurrent duplicates', text: 'Concurrent identical deliveries, also across instances: one record, one business action, all 202.' },
  { clause: 'Request headers: Content-Type', text: 'Must match application/json; any other type: body treated as empty, authentication fails.' },
  { clause: 'Request headers: x-webhook-signature', text: '64 hex characters, either case: HMAC-SHA256 of the raw body keyed with the shared secret.' },
  { clause: 'Request body', text: 'An Event, at most 256 kb.' },
  { clause: 'Processing order 1', text: 'Signature missing, not 64 hex characters, or not equal to the computed value: 401.' },
  { clause: 'Processing order 2', text: 'Body not parseable as JSON (after a valid signature): 400.' },
  { clause: 'Processing order 3', text: 'id or createdAt missing or empty, or type not payment.succeeded: 422.' },
  { clause: 'Processing order 4', text: 'Id not yet recorded: record it and queue the work once; already recorded: nothing.' },
  { clause: 'Processing order 5', text: 'Respond 202.' },
  { clause: 'Responses: 202', text: 'JSON object with boolean received = true; also for a duplicate.' },
  { clause: 'Responses: 401', text: 'JSON object with error = "invalid signature"; no side effect.' },
  { clause: 'Responses: 400', text: 'JSON object with error = "invalid JSON"; no side effect.' },
  { clause: 'Responses: 422', text: 'JSON object with error = "unsupported event"; no side effect.' },
  { clause: 'Authentication 1', text: 'HMAC over the exact received bytes; never re-serialized before verification.' },
  { clause: 'Authentication 2', text: 'Compared in constant time, only after the lengths are confirmed equal.', uncheckable: 'constant-time comparison cannot be measured reliably over a network; the length rule is covered by Processing order 1' },
  { clause: 'Authentication 3', text: 'Authentication before parsing and before any side effect; no valid signature → 401.' },
  { clause: 'Authentication 4', text: 'The secret comes from WEBHOOK_SECRET; absent → the process fails at startup.', uncheckable: 'start-up of an external deployment is not observable; the reference has a unit test' },
  { clause: 'Authentication 5', text: 'Plain hex format of this receiver; prefixed or timestamped schemes are a different contract.' },
  { clause: 'Authentication 6', text: 'Delayed business events are not rejected because their creation time is old.' },
  { clause: 'Authentication 7', text: 'An IP allowlist is not sufficient as the only authentication control.' },
  { clause: 'Authentication 8', text: 'Secrets, full signature headers and unredacted payloads are never logged.', uncheckable: 'an external deployment\'s logs are not visible to a black-box harness; the reference has a unit test' },
  { clause: 'Events: inbound types', text: 'payment.succeeded accepted, recorded once, queued once; any other type 422.' },
  { clause: 'Events: ordering rule', text: 'An older version never overwrites a newer one; a repeated version has no further effect.' },
  { clause: 'Sender: success', text: '2xx: stop and return that response.' },
  { clause: 'Sender: permanent rejection', text: '400-499: stop at once, no retry.' },
  { clause: 'Sender: retry', text: 'Any other non-success (e.g. 503): retry after a delay if attempts remain.' },
  { clause: 'Sender: cap reached', text: 'Return the last response; the exhausted delivery is visible to an operator for replay.' },
  { clause: 'Sender: delay', text: 'Delay before attempt n+1 = min(250 × 2^(n−1), 2000) ms; none after the final attempt; no jitter.' },
  { clause: 'Operational records', text: 'Request counts, ack latency, failure counts, queue age and depth, retries, exhausted, duplicates, receipt-to-effect time.' },
  { clause: 'Errors: non-JSON content type', text: 'Non-JSON content type: 401 invalid signature (body seen as empty), no side effect.' },
  { clause: 'Errors: body over the limit', text: 'Response to a body above the size limit: not shown (decided: 413, no side effect).' },
  { clause: 'Limits: attempt cap', text: 'Sender attempt cap 4 by default; base delay 250 ms doubling; delay cap 2000 ms.' },
];

/**
 * Rules of the sender alone. The receiver's certification judges none of them (issue 29:
 * WH-SEND-01..13 judged wirecheck's own sender and are its unit tests now), so the webhook
 * does not list them; webhook-sender certifies them. Sender: success and permanent
 * rejection stay, cited by WH-SEND-14/15, which deliver to the target.
 */
const SENDER_ONLY_RULES = ['Sender: retry', 'Sender: cap reached', 'Sender: delay', 'Limits: attempt cap'];

/** The rules the webhook system's checks answer to (report.html's clause coverage). */
export const webhookClauses: readonly Clause[] = webhookSpecClauses.filter((c) => !SENDER_ONLY_RULES.includes(c.clause));
