import type { CheckDefinition } from '../check-definition.ts';

// The webhook checks: declared here, implemented in suites/webhook/.
const P = ['probe'] as const;

export const webhookChecks: readonly CheckDefinition[] = [
  // Signature and content type (Processing order 1, Authentication 1, 3, 5)
  { id: 'WH-SIG-01', level: 'MUST', title: 'accepts a delivery signed in lowercase hex over its exact bytes', clause: 'Request headers: x-webhook-signature' },
  { id: 'WH-SIG-02', level: 'MUST', title: 'accepts a signature in uppercase hex', clause: 'Request headers: x-webhook-signature' },
  { id: 'WH-SIG-03', level: 'MUST', title: 'rejects a delivery without a signature header with 401 invalid signature', clause: 'Processing order 1' },
  { id: 'WH-SIG-04', level: 'MUST', title: 'rejects a signature of 63 hex characters', clause: 'Processing order 1' },
  { id: 'WH-SIG-05', level: 'MUST', title: 'rejects a signature of 65 hex characters', clause: 'Processing order 1' },
  { id: 'WH-SIG-06', level: 'MUST', title: 'rejects a signature carrying a sha256= prefix', clause: 'Authentication 5' },
  { id: 'WH-SIG-07', level: 'MUST', title: 'rejects 64 characters that are not all hex', clause: 'Processing order 1' },
  { id: 'WH-SIG-08', level: 'MUST', title: 'rejects a signature made with another secret', clause: 'Processing order 1' },
  { id: 'WH-SIG-09', level: 'MUST', title: 'rejects a signature that differs only in its last or first hex digit', clause: 'Processing order 1' },
  { id: 'WH-SIG-10', level: 'MUST', title: 'rejects any signed body with one byte flipped (property)', clause: 'Authentication 1' },
  { id: 'WH-SIG-11', level: 'MUST', title: 'accepts bodies signed as sent with any whitespace, key order and \\u escapes (property)', clause: 'Authentication 1' },
  { id: 'WH-SIG-12', level: 'MUST', title: 'rejects a signed body re-formatted after signing (property)', clause: 'Authentication 1' },
  { id: 'WH-SIG-13', level: 'MUST', title: 'authenticates the raw bytes of a body with invalid UTF-8 inside a string', clause: 'Authentication 1', allows: '202 or 400 after authentication: whether such a body parses as JSON is not fixed by the spec; only 401 fails' },
  { id: 'WH-SIG-14', level: 'MUST', title: 'authenticates before parsing: a badly signed non-JSON body is 401, not 400', clause: 'Authentication 3' },
  { id: 'WH-SIG-15', level: 'MUST', title: 'a correctly signed body sent as text/plain or without Content-Type is 401', clause: 'Errors: non-JSON content type' },
  { id: 'WH-SIG-16', level: 'MUST', title: 'accepts Content-Type application/json; charset=utf-8', clause: 'Request headers: Content-Type' },
  { id: 'WH-SIG-17', level: 'MUST', title: 'a valid event with a wrong signature leaves no record', clause: 'Responses: 401', needs: P },
  // Parsing (Processing order 2)
  { id: 'WH-PARSE-01', level: 'MUST', title: 'answers a signed non-JSON body with 400 invalid JSON', clause: 'Processing order 2' },
  { id: 'WH-PARSE-02', level: 'MUST', title: 'answers a signed empty body with 400', clause: 'Processing order 2' },
  { id: 'WH-PARSE-03', level: 'MUST', title: 'answers signed truncated JSON with 400', clause: 'Processing order 2' },
  { id: 'WH-PARSE-04', level: 'MUST', title: 'answers any signed bytes that are not JSON with 400 invalid JSON (property)', clause: 'Responses: 400' },
  // Validation (Processing order 3)
  { id: 'WH-VAL-01', level: 'MUST', title: 'answers signed JSON null with 422 unsupported event', clause: 'Processing order 3' },
  { id: 'WH-VAL-02', level: 'MUST', title: 'answers a signed JSON array with 422', clause: 'Processing order 3' },
  { id: 'WH-VAL-03', level: 'MUST', title: 'answers an event without id with 422', clause: 'Event: id' },
  { id: 'WH-VAL-04', level: 'MUST', title: 'answers an event with an empty id with 422', clause: 'Event: id' },
  { id: 'WH-VAL-05', level: 'MUST', title: 'answers an event without createdAt with 422', clause: 'Event: createdAt' },
  { id: 'WH-VAL-06', level: 'MUST', title: 'answers an event with an empty createdAt with 422', clause: 'Event: createdAt' },
  { id: 'WH-VAL-07', level: 'MUST', title: 'answers an event of another type with 422', clause: 'Events: inbound types' },
  { id: 'WH-VAL-08', level: 'MUST', title: 'answers an event without type with 422', clause: 'Event: type' },
  { id: 'WH-VAL-09', level: 'MUST', title: 'accepts an event created years ago', clause: 'Authentication 6' },
  { id: 'WH-VAL-10', level: 'SHOULD', title: 'answers an event whose id is not a string with 422', clause: 'Event: id', allows: 'the processing order names only missing or empty ids; the Event table types id as a string' },
  { id: 'WH-VAL-11', level: 'INFO', title: 'records the answer to a createdAt that is not ISO 8601', clause: 'Event: createdAt', allows: 'the processing order does not validate the timestamp format: any answer is recorded, none judged' },
  { id: 'WH-VAL-12', level: 'MUST', title: 'answers any signed JSON that is not a valid event with 422 unsupported event (property)', clause: 'Responses: 422' },
  { id: 'WH-VAL-13', level: 'MUST', title: 'an event answered 422 leaves no record', clause: 'Responses: 422', needs: P },
  // Record and acknowledge (Processing order 4-5)
  { id: 'WH-ACK-01', level: 'MUST', title: 'acknowledges a valid delivery with 202 and {"received":true}', clause: 'Responses: 202' },
  { id: 'WH-ACK-02', level: 'MUST', title: 'acknowledges a repeated delivery with 202', clause: 'What the service does 5' },
  { id: 'WH-ACK-03', level: 'MUST', title: 'a valid delivery leaves exactly one record', clause: 'States and transitions: new event', needs: P },
  { id: 'WH-ACK-04', level: 'MUST', title: 'a repeat with other bytes but the same id adds no record', clause: 'States and transitions: duplicate', needs: P },
  { id: 'WH-ACK-05', level: 'MUST', title: 'accepts a body of 256,000 bytes', clause: 'Request body', allows: '256,000 bytes is within the limit whether "256 kb" means 256,000 or 262,144 bytes' },
  { id: 'WH-ACK-06', level: 'MUST', title: 'refuses a body over 262,144 bytes with a status other than 2xx', clause: 'Errors: body over the limit', allows: 'any non-2xx status: the spec does not show the response' },
  { id: 'WH-ACK-07', level: 'INFO', title: 'records the status and body answering a body over the limit', clause: 'Errors: body over the limit', allows: 'the spec does not show the response; the reference answers 413 {"error":"payload too large"}' },
  { id: 'WH-ACK-08', level: 'MUST', title: 'a valid event in a body over the limit leaves no record', clause: 'Errors: body over the limit', needs: P },
  { id: 'WH-ACK-09', level: 'MUST', title: 'an acknowledged event is recorded before the 202 is sent', clause: 'What the service does 4', needs: P },
  { id: 'WH-ACK-10', level: 'MUST', title: 'a repeated delivery after completion causes no second business effect', clause: 'What the service does 5', needs: P },
  // Processing of accepted events
  { id: 'WH-PROC-01', level: 'MUST', title: 'an accepted event\'s business work runs to completion exactly once', clause: 'States and transitions: new event', needs: P },
  { id: 'WH-PROC-02', level: 'INFO', title: 'records the statuses an accepted event passes through', clause: 'Accepted-event record', needs: P, allows: 'transitions between record statuses are not shown by the spec (the reference: accepted → processing → completed)' },
  { id: 'WH-PROC-03', level: 'INFO', title: 'records what becomes of an event whose business work cannot run', clause: 'Accepted-event record', needs: P, allows: 'the spec does not show it (the reference retries, then marks the record failed)' },
  { id: 'WH-OPS-01', level: 'INFO', title: 'records which operational records GET /metrics exposes', clause: 'Operational records', allows: 'the spec lists the records a receiver keeps, not how it exposes them' },
  // Concurrency: at-least-once delivery meeting real races
  { id: 'WH-CONC-01', level: 'MUST', title: '200 identical deliveries released together: all 202, one record, one effect', clause: 'States and transitions: concurrent duplicates', needs: P },
  { id: 'WH-CONC-02', level: 'MUST', title: 'identical deliveries released together across instances: all 202, one record, one effect', clause: 'States and transitions: concurrent duplicates', needs: ['probe', 'multi-instance'] },
  { id: 'WH-CONC-03', level: 'MUST', title: 'duplicates interleaved with distinct events, released together: one record and one effect per id', clause: 'States and transitions: concurrent duplicates', needs: P },
  // Ordering guard
  { id: 'WH-ORD-01', level: 'MUST', title: 'an older version arriving after a newer one is ignored', clause: 'States and transitions: stale version', needs: P, allows: 'the version is carried as data.version (CONTRACTS §5)' },
  { id: 'WH-ORD-02', level: 'MUST', title: 'a repeated version has no further effect', clause: 'Events: ordering rule', needs: P, allows: 'the version is carried as data.version (CONTRACTS §5)' },
  { id: 'WH-ORD-03', level: 'MUST', title: 'shuffled, duplicated version sequences end at the highest version, each applied at most once and in increasing order (property)', clause: 'Events: ordering rule', needs: P, allows: 'the version is carried as data.version (CONTRACTS §5)' },
  { id: 'WH-ORD-04', level: 'MUST', title: 'without data.version, the createdAt instant orders the events', clause: 'Payment state', needs: P, allows: 'decided in CONTRACTS §5: an event without data.version uses the epoch milliseconds of createdAt' },
  { id: 'WH-ORD-05', level: 'MUST', title: 'a payment.succeeded event sets the payment status "succeeded"', clause: 'Payment state', needs: P, allows: 'decided in CONTRACTS §5' },
  // Arbitrary mixes of deliveries
  { id: 'WH-DEL-01', level: 'MUST', title: 'arbitrary concurrent mixes of valid, duplicate, badly signed, malformed and unsupported deliveries are each answered per the processing order, with records and effects exactly for the valid ids (property)', clause: 'What the service does 3', needs: P },
  // The bundled sender (Sender-side delivery rules, Limits): the receiving side simulated
  // with nock for exact rules, and the real target for what the pair must do.
  { id: 'WH-SEND-01', level: 'MUST', title: 'the sender stops at a 2xx on the first attempt and returns that answer', clause: 'Sender: success' },
  { id: 'WH-SEND-02', level: 'MUST', title: 'the sender stops at the first 2xx after 5xx answers and returns it', clause: 'Sender: success' },
  { id: 'WH-SEND-03', level: 'MUST', title: 'the sender makes exactly one attempt for each of 400, 401, 404, 409, 422 and 499', clause: 'Sender: permanent rejection' },
  { id: 'WH-SEND-04', level: 'MUST', title: 'the sender retries 500, 502, 503, 504 and 3xx answers', clause: 'Sender: retry' },
  { id: 'WH-SEND-05', level: 'MUST', title: 'the sender retries after a connection reset', clause: 'Sender: retry' },
  { id: 'WH-SEND-06', level: 'MUST', title: 'the sender retries after an attempt times out', clause: 'Sender: retry', allows: 'the spec does not show a sender timeout; the bundled sender\'s is per attempt, 10 s by default (--timeout-ms)' },
  { id: 'WH-SEND-07', level: 'MUST', title: 'the sender makes exactly 4 attempts by default against 503s and returns the last answer', clause: 'Limits: attempt cap' },
  { id: 'WH-SEND-08', level: 'MUST', title: 'the sender waits exactly 250, 500 and 1000 ms between 4 attempts and not after the last (no jitter by default)', clause: 'Sender: delay' },
  { id: 'WH-SEND-09', level: 'MUST', title: 'with a cap of 6 the sender waits 250, 500, 1000, 2000 and 2000 ms: the delay ceiling', clause: 'Sender: delay' },
  { id: 'WH-SEND-10', level: 'MUST', title: 'an exhausted delivery is written to the dead-letter file, without secret or signature, and can be listed and replayed', clause: 'Sender: cap reached' },
  { id: 'WH-SEND-11', level: 'SHOULD', title: 'the sender sends the same body bytes and signature on every attempt', clause: 'Sender: retry', allows: 'the spec does not fix the bytes of a retry (a receiver deduplicates by event id), so other bytes correctly signed are not a MUST failure' },
  { id: 'WH-SEND-12', level: 'MUST', title: 'the sender signs the exact bytes it sends: application/json and an x-webhook-signature that verifies (property)', clause: 'Request headers: x-webhook-signature' },
  { id: 'WH-SEND-13', level: 'MUST', title: 'for any sequence of answers and any cap, the sender\'s attempts, delays and outcome follow the rules (property)', clause: 'Sender: retry' },
  { id: 'WH-SEND-14', level: 'MUST', title: 'the sender delivers a valid signed event to the target on the first attempt', clause: 'Sender: success' },
  { id: 'WH-SEND-15', level: 'MUST', title: 'the sender stops after one attempt when the target rejects an event permanently (422, 401)', clause: 'Sender: permanent rejection' },
];
