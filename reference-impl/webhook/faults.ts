// Deliberate bugs the self-test switches on (CONFORMANCE_FAULTS_ENABLED=1,
// WIRECHECK_FAULTS=a,b) to prove each conformance check able to fail.
export const WEBHOOK_FAULTS = [
  'reserialized-body', //           HMAC over JSON.stringify(JSON.parse(body)) instead of the raw bytes
  'string-decoded-body', //         HMAC over the body decoded to a string and re-encoded (invalid UTF-8 lost)
  'parse-before-auth', //           parses JSON before authenticating: bad JSON with a bad signature → 400
  'prefix-only-compare', //         compares only the first half of the signature
  'no-length-check', //             no format/length check: lenient hex decoding, timingSafeEqual may throw
  'secret-hex-decoded', //          keys the HMAC with the secret hex-decoded instead of its UTF-8 bytes
  'lowercase-only-hex', //          rejects uppercase hex signatures
  'signature-not-verified', //      checks the header's format, never its value
  'missing-signature-accepted', //  a request without the header skips verification
  'text-plain-accepted', //         reads the body whatever the Content-Type
  'malformed-content-type-rejected', // a malformed Content-Type gets the framework's error, not 401
  'strict-content-type-equality', // Content-Type must equal "application/json" exactly: charset rejected
  'content-type-substring-match', // any Content-Type containing "json" is JSON: application/jsonp, text/json too
  'json-suffix-accepted', //       structured suffixes are JSON too (Flask's is_json): application/cloudevents+json read as application/json
  'parse-error-unhandled', //       a JSON syntax error escapes as a 500
  'non-object-unhandled', //        reads fields of null without a check: 500
  'array-as-batch', //              a JSON array is taken as a batch of events: [] → 202
  'no-field-validation', //         only the type is validated; id and createdAt are not
  'empty-id-accepted', //           id checked for presence, not emptiness
  'any-type-accepted', //           the event type is not checked
  'type-compared-loosely', //       the type is trimmed and lower-cased, then compared by prefix
  'data-validated', //              refuses (422) an event whose data is not an object with a paymentId
  'old-created-at-rejected', //     rejects events created more than 5 minutes ago (or unparseable)
  'framework-error-bodies', //      error bodies in the framework's shape, not the spec's
  'record-on-rejection', //         records the event id even when answering 401/400/422
  'no-record', //                   acknowledges without recording anything
  'record-twice', //                writes each new record twice, the second under a retry key (no uniqueness on the event id)
  'ack-despite-failed-commit', //   answers 202 when the record's commit fails (the error swallowed)
  'probe-blind', //                 the probe reports no record for any event (404)
  'dedup-by-body-hash', //          duplicate key is the body's hash, not the event id
  'duplicate-409', //               answers a duplicate with 409 instead of 202
  'ack-200', //                     acknowledges with 200 instead of 202
  'no-body-limit', //               accepts bodies of any size
  'body-limit-100kb', //            rejects bodies over 100 KiB (a common framework default)
  'read-then-write-dedup', //       checks for the id with a SELECT, then inserts: no uniqueness in the database
  'second-effect-on-duplicate', //  a duplicate delivery performs the business action again
  'slow-second-effect-on-duplicate', // every event's work takes 1 s, and a duplicate delivery performs the business action again as slowly: its second effect lands 1 s after the redelivery
  'ack-before-commit', //           answers 202 before the record is committed (committed ~0.5 s later)
  'no-version-guard', //            applies every version, older ones too
  'equal-version-reapplied', //     applies a version equal to the stored one again
  'no-worker', //                   queues work that no worker ever runs
  'effect-twice', //                the business action is recorded twice for one event
  'no-metrics', //                  exposes no operational records at /metrics
  'wrong-payment-status', //        a payment.succeeded event sets the status "paid"
  'record-status-done', //          a completed record's status is reported as "done", a name the spec does not give
] as const;

export type WebhookFault = (typeof WEBHOOK_FAULTS)[number];
