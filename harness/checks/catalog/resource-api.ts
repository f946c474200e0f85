import type { CheckDefinition } from '../check-definition.ts';

// The resource-api checks: declared here, implemented in suites/resource-api/.
const P = ['probe'] as const;
const ALLOWED_204_HEADERS = 'any metadata header on a 204 (ETag, Last-Modified, Cache-Control, Vary, a request id, rate-limit, deprecation, CORS, Content-Type, Content-Length: 0) passes';
const OTHER_USER = 'needs a token of --other-user-id (the reference target has one; an external target without it is skipped as not applicable)';
const NOT_FOUND_OR_FORBIDDEN = '403 or 404: whether another user\'s label is hidden (404) or refused (403) is not fixed by the spec';

export const resourceApiChecks: readonly CheckDefinition[] = [
  // Framing on one reused connection (204 rules 6), raw and through a real client
  { id: 'RA-FRAME-01', level: 'MUST', title: '204s and 200s sent one after another on one reused connection are each framed exactly, with no byte between or after', clause: '204 rules 6', allows: ALLOWED_204_HEADERS },
  { id: 'RA-FRAME-02', level: 'MUST', title: '204s and 200s pipelined on one connection are each framed exactly, with no byte between or after', clause: '204 rules 6', allows: `${ALLOWED_204_HEADERS}; the values the pipelined GETs return are not judged: a server may start a pipelined request before it has answered the one ahead (Node's http does), and RFC 9112 §9.3.2 tells clients not to pipeline after a non-idempotent method` },
  { id: 'RA-FRAME-03', level: 'MUST', title: 'an undici keep-alive Client reads a 204 then a 200 on the same connection, sequential and pipelined, as a user would', clause: '204 rules 6', allows: 'the values read by pipelined GETs are not judged, only that each answer arrives intact (see RA-FRAME-02)' },
  { id: 'RA-FRAME-04', level: 'MUST', title: 'an undici keep-alive Pool reads concurrent mixed 204 and 200 answers intact on reused connections', clause: '204 rules 6' },
  // Every 204 (PATCH, conditional PATCH, DELETE, preflight when it is one)
  { id: 'RA-NOBODY-01', level: 'MUST', title: 'no content byte follows any 204: no JSON, whitespace or text after the header section', clause: '204 rules 1', allows: ALLOWED_204_HEADERS },
  { id: 'RA-NOBODY-02', level: 'MUST', title: 'a 204 has no Content-Length or Content-Length: 0', clause: '204 rules 2', allows: 'Content-Length absent or 0' },
  { id: 'RA-NOBODY-03', level: 'MUST', title: 'a 204 carries no Content-Encoding', clause: '204 rules 2' },
  { id: 'RA-NOBODY-04', level: 'MUST', title: 'a 204 carries no Transfer-Encoding (no chunked framing)', clause: '204 rules 1' },
  { id: 'RA-META-01', level: 'INFO', title: 'records the metadata headers each kind of 204 carries', clause: '204 rules 3', allows: 'any metadata header may appear; names of rate-limit and deprecation headers are not shown' },
  // Preferences (Endpoints, States and transitions)
  { id: 'RA-PREF-01', level: 'MUST', title: 'PATCH {"weeklyDigest": b} answers 204 with no content', clause: 'Endpoints: PATCH preferences' },
  { id: 'RA-PREF-02', level: 'MUST', title: 'GET preferences answers 200 with a JSON object holding a boolean weeklyDigest', clause: 'Endpoints: GET preferences', allows: 'other members and any JSON media type' },
  { id: 'RA-PREF-03', level: 'MUST', title: 'after a 204 PATCH, GET returns the value written, true and false', clause: 'States and transitions: preferences updated' },
  // Labels
  { id: 'RA-LABEL-01', level: 'MUST', title: 'POST {"name"} answers 201 with a JSON object holding a string id', clause: 'Endpoints: POST labels', allows: 'other members, a Location header or not' },
  { id: 'RA-LABEL-02', level: 'MUST', title: 'GET of a created label answers 200 while it exists and 404 once it is deleted', clause: 'Endpoints: GET label', allows: 'any body on the 200: its shape is not shown' },
  { id: 'RA-LABEL-03', level: 'INFO', title: 'records the label GET body: media type, members and their types', clause: 'Endpoints: label GET body', allows: 'the shape is not shown (the reference answers {"id","name"})' },
  { id: 'RA-LABEL-04', level: 'MUST', title: 'a label path that is no valid id (undecodable %zz, 200 characters, NUL) is answered 4xx, not 401, 403 or 5xx', clause: 'Errors: 404', allows: 'any other 4xx: 400, 404, 414 or 422' },
  // DELETE and its side effect
  { id: 'RA-DEL-01', level: 'MUST', title: 'DELETE of an existing label answers 204, and a GET right after answers 404', clause: 'States and transitions: label deleted' },
  { id: 'RA-DEL-02', level: 'MUST', title: 'a repeated DELETE answers 404 and the label stays absent', clause: 'States and transitions: label already absent' },
  { id: 'RA-DEL-03', level: 'MUST', title: 'DELETE of a label id that was never issued answers 404', clause: 'Errors: 404' },
  { id: 'RA-DEL-04', level: 'MUST', title: 'a deletion causes exactly one label.deleted effect, and repeating the DELETE causes none', clause: '204 rules 8', needs: P },
  { id: 'RA-DEL-05', level: 'INFO', title: 'records the label.deleted effects a deletion and two repeats leave', clause: 'Events', needs: P, allows: 'events are not shown by the spec' },
  // Authentication and permission
  { id: 'RA-AUTH-01', level: 'MUST', title: 'every endpoint answers 401 to a request without Authorization', clause: 'Authentication 1' },
  { id: 'RA-AUTH-02', level: 'MUST', title: 'every endpoint answers 401 to an unknown or malformed bearer token', clause: 'Authentication 2' },
  { id: 'RA-AUTH-03', level: 'MUST', title: 'a mutation answered 401 changes nothing (proved by follow-up reads)', clause: 'Errors: 401' },
  { id: 'RA-AUTH-04', level: 'MUST', title: 'reading or writing --other-user-id\'s preferences answers 403 without their preferences', clause: 'Authentication 3' },
  { id: 'RA-AUTH-05', level: 'MUST', title: 'a PATCH of another user\'s preferences answered 403 changes nothing (read with that user\'s token)', clause: 'Errors: 403', allows: OTHER_USER },
  { id: 'RA-AUTH-06', level: 'MUST', title: 'another user\'s label cannot be read: 403 or 404 without its name', clause: 'Authentication 3', allows: `${NOT_FOUND_OR_FORBIDDEN}; ${OTHER_USER}` },
  { id: 'RA-AUTH-07', level: 'MUST', title: 'another user\'s label cannot be deleted: 403 or 404, the label intact and no effect', clause: 'Authentication 3', allows: `${NOT_FOUND_OR_FORBIDDEN}; ${OTHER_USER}` },
  { id: 'RA-AUTH-08', level: 'SHOULD', title: 'a 401 carries WWW-Authenticate with a Bearer challenge', clause: 'Authentication 2', allows: 'RFC 9110 §15.5.2 and RFC 6750 §3 ask for it; the spec says only "401, no state change", so a 401 without it warns. Any realm, parameters or further challenges' },
  // Media type and input
  { id: 'RA-INPUT-01', level: 'MUST', title: 'PATCH and POST with a non-JSON Content-Type (text/plain, form) answer 415', clause: 'Endpoints: JSON bodies' },
  { id: 'RA-INPUT-02', level: 'MUST', title: 'a PATCH answered 415 changes nothing', clause: 'Errors: 415' },
  { id: 'RA-INPUT-03', level: 'MUST', title: 'missing or malformed input (bad JSON, no body, wrong shape, wrong type) answers 400 or 422', clause: 'Errors: 400 or 422', allows: '400 or 422, as the Errors table says. A JSON string holding a byte that is not UTF-8 is RA-INPUT-10 (INFO)' },
  { id: 'RA-INPUT-04', level: 'MUST', title: 'a PATCH answered 400 or 422 changes nothing', clause: 'Errors: 400 or 422', allows: '400 or 422' },
  { id: 'RA-INPUT-05', level: 'MUST', title: 'any PATCH body that is not an object with a boolean weeklyDigest answers 400 or 422 and changes nothing (property)', clause: 'Preferences: weeklyDigest', allows: '400 or 422; members beside a boolean weeklyDigest are not generated, since the spec does not say whether they are refused' },
  { id: 'RA-INPUT-06', level: 'MUST', title: 'application/json with a charset parameter (application/json; charset=utf-8) is taken as JSON', clause: 'Endpoints: JSON bodies', allows: 'RFC 9110 §8.3.1: parameters follow the type and subtype; RFC 8259 §11: a charset parameter "really has no effect on compliant recipients". Letter case and spaces are RA-INPUT-09 (SHOULD)' },
  { id: 'RA-INPUT-07', level: 'MUST', title: 'a PATCH or POST without Content-Type is never answered 5xx, and a refused one changes nothing', clause: 'Errors: other failure', allows: 'any answer but 5xx: the spec does not say whether a body without Content-Type is JSON' },
  { id: 'RA-INPUT-09', level: 'SHOULD', title: 'application/json in other letter case (Application/JSON) or with a space before its parameter is taken as JSON', clause: 'Endpoints: JSON bodies', allows: 'RFC 9110 §8.3.1 makes type and subtype case-insensitive and allows whitespace around ";"; the spec names the literal application/json, so a server that takes only that text warns, it does not fail' },
  { id: 'RA-INPUT-10', level: 'INFO', title: 'records the answer to a label name holding a byte that is not UTF-8', clause: 'Errors: 400 or 422', allows: 'RFC 8259 §8.1 asks senders for UTF-8, and §9 lets a parser accept non-JSON forms: refusing (400/422) and decoding with U+FFFD (the default of Node frameworks) are both recorded, neither judged — as WH-SIG-13 allows either' },
  { id: 'RA-INPUT-11', level: 'MUST', title: 'PATCH and POST with a media type that only resembles application/json (application/jsonp, application/json-seq, application/jso, text/json, application/x-json) answer 415 and change nothing', clause: 'Errors: 415', allows: 'RFC 9110 §8.3.1: another subtype or type is another media type, whatever its prefix; "+json" types are not sent (a server may take them as JSON)' },
  { id: 'RA-INPUT-08', level: 'MUST', title: 'a PATCH body of 1 MiB is answered 4xx (not 401 or 403), never 5xx, and changes nothing', clause: 'Errors: 400 or 422', allows: 'any 4xx: 413 where the server has a size limit, 400 or 422 where it reads the body (it is not a boolean)' },
  // Conditional mutation (204 rules 9)
  { id: 'RA-COND-01', level: 'MUST', title: 'If-Match with the current ETag succeeds, for two PATCHes in a row and for a DELETE', clause: '204 rules 9', allows: 'DELETE is tried only when the label answers with an ETag' },
  { id: 'RA-COND-02', level: 'MUST', title: 'a stale or unknown If-Match answers 412, on PATCH and on DELETE', clause: '204 rules 9', allows: 'DELETE is tried only when the label answers with an ETag' },
  { id: 'RA-COND-03', level: 'MUST', title: 'a request answered 412 changes nothing: the preference keeps its value, the label still exists', clause: 'Errors: 412' },
  { id: 'RA-COND-04', level: 'MUST', title: 'the preferences\' ETag changes whenever their representation changes', clause: '204 rules 9' },
  { id: 'RA-COND-05', level: 'MUST', title: 'an ETag carried by a PATCH 204 equals the ETag of the next GET', clause: '204 rules 9', allows: 'a 204 without an ETag' },
  { id: 'RA-COND-06', level: 'MUST', title: 'a conditional DELETE of a label already deleted answers 404, whatever its If-Match', clause: 'States and transitions: label already absent', allows: 'RFC 9110 §13.2.1: preconditions are not evaluated when the answer without them would be neither 2xx nor 412' },
  { id: 'RA-COND-07', level: 'SHOULD', title: 'If-Match as a list: the current tag among others (spaces around commas) succeeds, * succeeds, the weak W/ form of a strong tag answers 412', clause: '204 rules 9', allows: 'RFC 9110 §13.1.1 defines these forms; the spec\'s rule 9 covers the current tag against a stale one (RA-COND-01/02), so a server that handles only single tags warns' },
  // Caching (204 rules 10)
  { id: 'RA-CACHE-01', level: 'MUST', title: 'user-specific answers (200, 201, 204, 403, 404) are not storable by shared caches', clause: '204 rules 10', allows: 'Cache-Control private or no-store, or none at all (RFC 9111 §3.5: a shared cache does not store the answer to an authenticated request unless public, s-maxage or must-revalidate allows it)' },
  { id: 'RA-CACHE-02', level: 'SHOULD', title: 'user-specific answers say so: Cache-Control private or no-store', clause: '204 rules 10' },
  // CORS (204 rules 12)
  { id: 'RA-CORS-01', level: 'MUST', title: 'answers to a browser origin expose the headers a client must read (ETag; Preference-Applied where Prefer is supported) in Access-Control-Expose-Headers', clause: '204 rules 12', allows: '"*" (no credentials are involved); a header only where the answer carries it; not applicable when the target answers no CORS at all. Location is not judged: the spec never requires it, and the id is in the 201\'s body' },
  { id: 'RA-CORS-02', level: 'SHOULD', title: 'a preflight without credentials answers 2xx allowing the method and the Authorization header', clause: '204 rules 12', allows: '200 or 204; "*" lists; not applicable when the target answers no CORS at all' },
  { id: 'RA-CORS-03', level: 'MUST', title: 'a preflight authorizes nothing: the PATCH that follows it without a token is 401 and changes nothing', clause: '204 rules 12' },
  { id: 'RA-CORS-04', level: 'INFO', title: 'records the preflight answer: status, allowed methods and headers, max age, content', clause: '204 rules 12', allows: 'a preflight may answer 204 or another 2xx' },
  // Prefer (204 rules 11)
  { id: 'RA-PREFER-01', level: 'INFO', title: 'records whether PATCH honours Prefer: return=representation and return=minimal', clause: 'Endpoints: Prefer', allows: 'support for Prefer is not shown' },
  { id: 'RA-PREFER-02', level: 'MUST', title: 'when Preference-Applied reports a return preference, the answer matches it (representation: 200 with the JSON; minimal: 204)', clause: '204 rules 11', allows: 'ignoring Prefer (no Preference-Applied) passes' },
  // Errors
  { id: 'RA-ERR-01', level: 'MUST', title: 'error answers of the 204 endpoints keep their bodies (400/422, 401, 403, 404, 412, 415), correctly framed', clause: '204 rules 5', allows: 'any body content and media type: the error body shape is not shown' },
  { id: 'RA-ERR-02', level: 'INFO', title: 'records the error body of each error status: media type and members', clause: 'Errors: body shape', allows: 'the shape is not shown (the reference answers RFC 9457 problem+json)' },
  // Durability (204 rules 4) — the probe's fail-next-commit makes the commit fail
  { id: 'RA-DUR-01', level: 'MUST', title: 'a 204 means committed: the very next read, on another connection, sees the change (PATCH and DELETE)', clause: 'What the service does 3' },
  { id: 'RA-DUR-02', level: 'MUST', title: 'when the commit fails the answer is a 5xx, never a 2xx (PATCH, POST, DELETE)', clause: 'Errors: other failure', needs: P, allows: 'any 5xx (the reference answers 503)' },
  { id: 'RA-DUR-03', level: 'MUST', title: 'a failed commit changes nothing: the preference keeps its value, the label still exists, no label.deleted effect', clause: '204 rules 4', needs: P },
  // Concurrency
  { id: 'RA-CONC-01', level: 'MUST', title: 'two DELETEs of one label released together: each answers 204 or 404 and the label ends absent', clause: 'States and transitions: concurrent DELETEs', allows: 'any mix of 204 and 404 (CONTRACTS §5)' },
  { id: 'RA-CONC-02', level: 'MUST', title: 'two DELETEs of one label released together leave exactly one label.deleted effect', clause: 'States and transitions: concurrent DELETEs', needs: P },
  { id: 'RA-CONC-03', level: 'MUST', title: '16 DELETEs of one label released together: every answer 204 or 404, the label absent, exactly one effect', clause: 'States and transitions: concurrent DELETEs', needs: P, allows: 'any mix of 204 and 404 (CONTRACTS §5)' },
  { id: 'RA-CONC-04', level: 'INFO', title: 'records the status distribution of DELETEs of one label released together', clause: 'States and transitions: concurrent DELETEs', allows: 'CONTRACTS §5: the reference answers one 204 and 404 to the rest; any mix of 204 and 404 passes RA-CONC-01/03' },
  { id: 'RA-CONC-05', level: 'MUST', title: '8 PATCHes released together with the same current If-Match: exactly one succeeds, the rest answer 412', clause: '204 rules 9' },
  // Model-based
  { id: 'RA-MODEL-01', level: 'MUST', title: 'random sequences of PATCH, GET, POST, DELETE and conditional requests by two users match a model of the spec; every 204 follows the 204 rules (property)', clause: 'What the service does 1', allows: `${NOT_FOUND_OR_FORBIDDEN}; without a token of --other-user-id, the second user only appears as the 403 target` },
  // Consumer contract
  { id: 'RA-PACT-01', level: 'MUST', title: 'the Pact contract of a typed consumer (204 interactions with an empty body) verifies against the target', clause: 'What the service does 2', allows: 'the contract fixes statuses, the JSON members the spec names and empty 204 bodies; nothing the spec leaves open' },
];
