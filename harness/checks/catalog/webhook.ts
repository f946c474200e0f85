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
];
