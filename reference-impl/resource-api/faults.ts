// Deliberate bugs of the resource API reference, for the self-test only (see
// reference-impl/shared/faults.ts: inert unless CONFORMANCE_FAULTS_ENABLED=1). Each
// name describes the bug; each makes at least one conformance check fail (probe-blind:
// the preflight, which ends such a run before any check).
import type { FaultSet } from '../shared/faults.ts';

export const KNOWN_FAULTS = [
  // --- 204 wire framing (the bytes are written to the socket directly) ---
  'body-after-204', //            writes `{}` after the 204 header section
  'content-length-on-204', //     sends `Content-Length: 2` and the 2 bytes `{}` on a 204
  'chunked-204', //               sends `Transfer-Encoding: chunked` and a terminating `0\r\n\r\n` on a 204
  'crlf-after-204', //            writes an extra CRLF after the 204 header section
  'content-encoding-on-204', //   sends `Content-Encoding: gzip` on a 204
  'content-encoding-when-asked', // compresses answers for a client that accepts gzip, labelling its empty 204s `Content-Encoding: gzip` too
  // --- status and representation ---
  'patch-200-with-body', //       PATCH preferences answers 200 with the JSON instead of 204
  'digest-as-string', //          GET preferences answers weeklyDigest as a string ("true") instead of a boolean
  'post-label-200', //            POST /v1/labels answers 200 instead of 201
  'label-get-envelope', //        GET label wraps the label as {"data": {...}} (a shape the spec leaves open: INFO only)
  'empty-error-bodies', //        errors of PATCH preferences and DELETE label are sent without content
  // --- DELETE idempotency and side effects ---
  'repeated-delete-204', //       a DELETE of an absent label answers 204 instead of 404
  'repeated-delete-effect', //    a repeated DELETE writes another label.deleted outbox row
  'concurrent-delete-both-succeed', // read-then-delete without a RETURNING guard: concurrent DELETEs all answer 204 and all write the effect
  'concurrent-delete-409', //     a DELETE that meets another DELETE of the same label in flight answers 409 Conflict instead of waiting (the label still ends absent, one effect; PostgreSQL only)
  'lock-per-request', //          DELETE and conditional PATCH read, then write, under a lock made for each request (it excludes nothing; PostgreSQL only)
  'no-row-lock', //               DELETE and conditional PATCH read the row in their transaction without FOR UPDATE, then write whatever was read (PostgreSQL only)
  'multi-process-read-then-write', // 4 processes behind one port; DELETE and conditional PATCH read, then write, under a lock of their own process (PostgreSQL only)
  'effect-before-commit', //      the label.deleted row is committed before (and apart from) the DELETE's transaction
  // --- durability ---
  'ack-before-commit', //         answers 204 first and commits ~300 ms later
  'commit-after-204', //          PATCH and DELETE answer 204, then commit in a background task a few milliseconds after the answer was sent
  '204-despite-failed-commit', // answers 204 although the commit failed (nothing changed)
  'failed-commit-409', //         a failed commit is answered 409 Conflict instead of 503 (still no success, but no 5xx)
  // --- ETag / If-Match ---
  'etag-unchanged', //            the ETag stays "v1" whatever the version
  'stale-etag-on-204', //         the PATCH 204 carries the previous ETag, not the new one
  'if-match-ignored', //          If-Match is not evaluated: a stale tag still succeeds
  'if-match-first-tag-only', //    PATCH reads only the first entity-tag of an If-Match list
  'if-match-before-existence', //  a conditional DELETE of an absent label answers 412, not 404
  '412-but-applied', //           a stale If-Match answers 412 but the change is applied
  // --- authentication and permission ---
  'missing-auth-accepted', //     a missing or invalid bearer token is accepted
  '401-but-applied', //           a missing or invalid token answers 401 after applying the change
  'cross-user-write', //          the 403 check is skipped: a token may PATCH another user's preferences
  '403-but-applied', //           PATCH of another user's preferences answers 403 after applying it
  'cross-user-label-read', //     GET of another user's label answers 200 with it
  'cross-user-label-delete', //   DELETE of another user's label deletes it
  '403-leaks-preferences', //     the 403 to another user's preferences carries them ({"preferences": {"weeklyDigest": b}})
  // --- caching and CORS ---
  'public-caching', //            /v1 responses carry `Cache-Control: public, max-age=300`
  'cors-expose-missing', //       no Access-Control-Expose-Headers on /v1 responses
  'preflight-requires-auth', //   an OPTIONS preflight without a token answers 401
  // --- media type and input ---
  'text-plain-accepted', //       the 415 check is skipped: any content type is parsed as JSON
  '415-but-applied', //           a non-JSON content type answers 415 after parsing and applying the body
  'utf8-replaced', //             a label name with bytes that are not UTF-8 is stored with U+FFFD instead of 400
  'wrong-type-accepted', //       non-boolean weeklyDigest / non-string name are coerced and accepted
  'strict-json-media-type', //    only the exact text "application/json" is JSON: parameters or other case answer 415
  'json-media-type-substring', // any media type containing "json" is taken as JSON (application/jsonp, text/json, ...)
  'no-www-authenticate', //       a 401 carries no WWW-Authenticate challenge
  'token-anywhere-in-header', //  a known token is taken from anywhere in Authorization (`XBearer t`, `Bearer t junk`)
  'router-errors-500', //         a path the router cannot take (%zz, an over-long id) answers 500
  'missing-content-type-500', //  a body without Content-Type crashes the handler: 500
  'oversize-body-500', //         a body over the size limit answers 500 instead of 413
  // --- the probe (CONTRACTS §4) ---
  'probe-blind', //               GET /__probe/effects always counts 0: the preflight's positive control must catch it
] as const;

export type ResourceFault = (typeof KNOWN_FAULTS)[number];

export type ResourceFaults = FaultSet<ResourceFault>;

export const NO_FAULTS: ResourceFaults = new Set<ResourceFault>();
