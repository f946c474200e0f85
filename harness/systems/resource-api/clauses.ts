import type { Clause } from '../../checks/clause.ts';

// Rules of ../shared/specs/resource-api-204.md, section by section. A rule no black-box
// check can cover says why; the points the spec leaves open ("not shown") are either
// recorded by an INFO check or marked uncheckable with the reason.
const NOT_SHOWN = 'not shown by the spec: there is nothing to assert';

export const resourceApiClauses: readonly Clause[] = [
  // What the service does
  { clause: 'What the service does 1', text: 'The service manages per-user preferences and labels.' },
  { clause: 'What the service does 2', text: 'Mutations that do not need to return a representation answer 204: status line and headers, no content.' },
  { clause: 'What the service does 3', text: 'A 204 means fulfilled and complete; what it changed is proved through a follow-up read.' },
  // Resources and their fields
  { clause: 'Preferences: weeklyDigest', text: 'Boolean; set by PATCH, returned by GET.' },
  { clause: 'Preferences: other fields', text: 'Other preference fields: not shown.', uncheckable: NOT_SHOWN },
  { clause: 'Label: id', text: 'String assigned by the service; returned in the creation response; addresses the label in paths.' },
  { clause: 'Label: name', text: 'String supplied on creation.' },
  { clause: 'Label: other fields', text: 'Other label fields: not shown.', uncheckable: NOT_SHOWN },
  // States and transitions
  { clause: 'States and transitions: label created', text: 'POST /v1/labels with valid input: the label exists; 201 with the id.' },
  { clause: 'States and transitions: label deleted', text: 'DELETE of an existing label: absent; 204, empty content; a later GET returns 404.' },
  { clause: 'States and transitions: label already absent', text: 'DELETE of an absent label: 404; state unchanged; no duplicate side effect.' },
  { clause: 'States and transitions: preferences updated', text: 'PATCH with valid input: the field is updated; 204, empty content; GET then returns the new value.' },
  { clause: 'States and transitions: soft deletion', text: 'Soft deletion, tombstone or restore states for labels: not shown.', uncheckable: NOT_SHOWN },
  { clause: 'States and transitions: concurrent DELETEs', text: 'Two concurrent DELETEs of one label end in one consistent absent state with no duplicated side effect.' },
  // Endpoints
  { clause: 'Endpoints: JSON bodies', text: 'JSON request bodies use Content-Type: application/json.' },
  { clause: 'Endpoints: PATCH preferences', text: 'PATCH /v1/users/{user_id}/preferences with a JSON object holding boolean weeklyDigest: 204, no content.' },
  { clause: 'Endpoints: GET preferences', text: 'GET /v1/users/{user_id}/preferences: 200, a JSON object including boolean weeklyDigest.' },
  { clause: 'Endpoints: POST labels', text: 'POST /v1/labels with a JSON object holding string name: 201, a JSON object including string id.' },
  { clause: 'Endpoints: DELETE label', text: 'DELETE /v1/labels/{label_id}: 204, no content.' },
  { clause: 'Endpoints: GET label', text: 'GET /v1/labels/{label_id}: 200 while the label exists, 404 once deleted.' },
  { clause: 'Endpoints: label GET body', text: 'Body shape of the label GET success response: not shown.' },
  { clause: 'Endpoints: Prefer', text: 'Support for the Prefer request header on these endpoints: not shown.' },
  // Rules for 204 responses
  { clause: '204 rules 1', text: 'A 204 carries no content bytes: no JSON (not even {}), whitespace, HTML or text after the header section.' },
  { clause: '204 rules 2', text: 'Content-Length, when present, is 0; no Content-Encoding; Content-Type is not required and not relied on.' },
  { clause: '204 rules 3', text: 'Metadata headers may appear: ETag, Last-Modified, Cache-Control, request id, rate-limit, deprecation.' },
  { clause: '204 rules 4', text: 'A 204 only after the change is durably committed; when persistence or a dependency fails, the failure response, never 204.' },
  { clause: '204 rules 5', text: 'Error responses of the same endpoint (400, 401, 403, 404, 409, 412, 415, 422) keep their own bodies.' },
  { clause: '204 rules 6', text: 'On one reused connection a 204 followed by a 200 leaves both responses correctly framed and parseable.' },
  { clause: '204 rules 7', text: 'Clients branch on the status before decoding; empty content is never parsed as JSON.', uncheckable: 'a rule for clients, not for the service; the harness\'s own clients (the undici checks, the Pact consumer) follow it' },
  { clause: '204 rules 8', text: 'DELETE is idempotent in effect: repeating it keeps the resource absent and causes no repeated side effect; the repeat answers 404.' },
  { clause: '204 rules 9', text: 'If-Match with the current ETag succeeds (a 204 may carry the new ETag); a stale tag gives 412 and no change; the ETag changes whenever the representation changes.' },
  { clause: '204 rules 10', text: 'Responses of user-specific endpoints are not stored by shared caches.' },
  { clause: '204 rules 11', text: 'Where supported, Prefer: return=representation answers 200 with the representation, return=minimal 204; Preference-Applied reports the preference used.' },
  { clause: '204 rules 12', text: 'Custom headers a browser client must read are listed in Access-Control-Expose-Headers; an OPTIONS preflight may answer 204 and authorizes nothing.' },
  { clause: 'Neighbouring success statuses', text: 'Meanings of 200, 201, 202, 204, 205 and 304.', uncheckable: 'an informative table; the rows this API uses (200, 201, 204) are asserted by the endpoint checks' },
  // Authentication
  { clause: 'Authentication 1', text: 'Every request carries Authorization: Bearer <token>.' },
  { clause: 'Authentication 2', text: 'Missing or invalid authentication: 401, no state change.' },
  { clause: 'Authentication 3', text: 'Authenticated but not permitted: 403, no state change, no leaked resource details.' },
  { clause: 'Authentication 4', text: 'How tokens are issued and what scopes exist: not shown.', uncheckable: NOT_SHOWN },
  // Events
  { clause: 'Events', text: 'Events emitted by these operations (e.g. on label deletion): not shown.' },
  // Errors
  { clause: 'Errors: 400 or 422', text: 'Missing or malformed input: 400 or 422; no state change.' },
  { clause: 'Errors: 401', text: 'Missing authentication: 401; no state change.' },
  { clause: 'Errors: 403', text: 'Insufficient permission: 403; no state change.' },
  { clause: 'Errors: 404', text: 'Target missing (including a repeated DELETE): 404; no state change.' },
  { clause: 'Errors: 409', text: 'Current state prevents the operation: 409; no state change.', uncheckable: 'the spec names no state that prevents an operation of these endpoints, so no request can be built to provoke a 409' },
  { clause: 'Errors: 412', text: 'Precondition (If-Match) failed: 412; no state change.' },
  { clause: 'Errors: 415', text: 'Unsupported media type: 415; rejected before mutation.' },
  { clause: 'Errors: other failure', text: 'Persistence or dependency failure: no 204 is sent.' },
  { clause: 'Errors: body shape', text: 'Shape of the error body: not shown.' },
  // Limits and versioning
  { clause: 'Limits', text: 'Rate-limit information may appear in response headers; limits, values and header names: not shown.', uncheckable: 'not shown by the spec; RA-META-01 records any such headers a 204 carries' },
  { clause: 'Versioning', text: 'The version is the path prefix /v1; deprecation information may appear in headers, names and format not shown.', uncheckable: 'every check addresses /v1; deprecation headers are not shown (RA-META-01 records any a 204 carries)' },
];
