// The resource API reference's faults (reference-impl/resource-api/faults.ts) and the
// checks each must make fail (or, for INFO checks, whose observation it must change).
// Every resource-api check appears here at least once. Each fault runs only the checks
// named for it (--only), which keeps the self-test to a few seconds per fault.
import type { FaultExpectation } from './fault-expectation.ts';

export const resourceApiFaultExpectations: readonly FaultExpectation[] = [
  // 204 wire framing
  { fault: 'body-after-204', fails: ['RA-FRAME-01', 'RA-FRAME-02', 'RA-FRAME-03', 'RA-FRAME-04', 'RA-NOBODY-01'], changes: ['RA-META-01'] },
  { fault: 'crlf-after-204', fails: ['RA-FRAME-01', 'RA-FRAME-02', 'RA-NOBODY-01'] },
  { fault: 'content-length-on-204', fails: ['RA-NOBODY-02', 'RA-FRAME-03'] },
  // The header alone is RFC 9112's (RA-NOBODY-04, SHOULD); the chunk bytes after it break the spec's rule 1 (MUST).
  { fault: 'chunked-204', fails: ['RA-NOBODY-01', 'RA-NOBODY-04', 'RA-FRAME-01'] },
  { fault: 'content-encoding-on-204', fails: ['RA-NOBODY-03'] },
  // status and representation
  { fault: 'patch-200-with-body', fails: ['RA-PREF-01', 'RA-PREFER-02', 'RA-PACT-01'], changes: ['RA-PREFER-01'] },
  { fault: 'digest-as-string', fails: ['RA-PREF-02'] },
  { fault: 'post-label-200', fails: ['RA-LABEL-01', 'RA-PACT-01'] },
  { fault: 'label-get-envelope', fails: [], changes: ['RA-LABEL-03'] },
  { fault: 'empty-error-bodies', fails: ['RA-ERR-01'], changes: ['RA-ERR-02'] },
  // DELETE idempotency and its side effect
  { fault: 'repeated-delete-204', fails: ['RA-DEL-02', 'RA-DEL-03', 'RA-COND-06', 'RA-MODEL-01'] },
  { fault: 'repeated-delete-effect', fails: ['RA-DEL-04', 'RA-COND-06'], changes: ['RA-DEL-05'] },
  { fault: 'concurrent-delete-both-succeed', fails: ['RA-CONC-02', 'RA-CONC-03'], changes: ['RA-CONC-04'] },
  // durability
  { fault: 'ack-before-commit', fails: ['RA-PREF-03', 'RA-LABEL-02', 'RA-DEL-01', 'RA-DUR-01', 'RA-CONC-01'] },
  { fault: '204-despite-failed-commit', fails: ['RA-DUR-02', 'RA-DUR-04'] },
  { fault: 'failed-commit-409', fails: ['RA-DUR-04'] },
  { fault: 'effect-before-commit', fails: ['RA-DUR-03'] },
  // ETag and If-Match
  { fault: 'etag-unchanged', fails: ['RA-COND-01', 'RA-COND-04', 'RA-MODEL-01'] },
  { fault: 'stale-etag-on-204', fails: ['RA-COND-05'] },
  { fault: 'if-match-ignored', fails: ['RA-COND-02', 'RA-CONC-05', 'RA-MODEL-01'] },
  // 412 for a conditional DELETE of an absent label is allowed by the spec (RA-COND-06), not by RFC 9110 §13.2.1.
  { fault: 'if-match-before-existence', fails: ['RA-COND-08'] },
  { fault: 'if-match-first-tag-only', fails: ['RA-COND-07'] },
  { fault: 'strict-json-media-type', fails: ['RA-INPUT-06', 'RA-INPUT-09'] },
  { fault: 'json-media-type-substring', fails: ['RA-INPUT-11'] },
  { fault: 'token-anywhere-in-header', fails: ['RA-AUTH-02'] },
  { fault: 'no-www-authenticate', fails: ['RA-AUTH-08'] },
  { fault: 'router-errors-500', fails: ['RA-LABEL-04'] },
  { fault: 'missing-content-type-500', fails: ['RA-INPUT-07'] },
  { fault: 'oversize-body-500', fails: ['RA-INPUT-08'] },
  { fault: '412-but-applied', fails: ['RA-COND-03', 'RA-MODEL-01'] },
  // authentication and permission
  { fault: 'missing-auth-accepted', fails: ['RA-AUTH-01', 'RA-AUTH-02', 'RA-CORS-03'] },
  { fault: '401-but-applied', fails: ['RA-AUTH-03'] },
  { fault: 'cross-user-write', fails: ['RA-AUTH-04', 'RA-MODEL-01'] },
  { fault: '403-leaks-preferences', fails: ['RA-AUTH-04', 'RA-MODEL-01'] },
  { fault: '403-but-applied', fails: ['RA-AUTH-05'] },
  { fault: 'cross-user-label-read', fails: ['RA-AUTH-06'] },
  { fault: 'cross-user-label-delete', fails: ['RA-AUTH-07'] },
  // caching and CORS
  { fault: 'public-caching', fails: ['RA-CACHE-01', 'RA-CACHE-02'] },
  { fault: 'cors-expose-missing', fails: ['RA-CORS-01'] },
  { fault: 'preflight-requires-auth', fails: ['RA-CORS-02'], changes: ['RA-CORS-04'] },
  // media type and input
  { fault: 'text-plain-accepted', fails: ['RA-INPUT-01'] },
  { fault: '415-but-applied', fails: ['RA-INPUT-02'] },
  { fault: 'wrong-type-accepted', fails: ['RA-INPUT-03', 'RA-INPUT-04', 'RA-INPUT-05'] },
  // Whether such a body is refused is not fixed (RFC 8259 §9): only the INFO observation changes.
  { fault: 'utf8-replaced', fails: [], changes: ['RA-INPUT-10'] },
  // the probe: a probe that counts nothing would make every "no effect" check pass — the preflight stops each of them.
  ...['RA-AUTH-07', 'RA-COND-03', 'RA-COND-06', 'RA-DUR-03', 'RA-DEL-04', 'RA-CONC-02', 'RA-CONC-03'].map((id) => ({
    fault: 'probe-blind', fails: [], preflight: { message: 'the probe counts no label.deleted effect', only: [id] },
  })),
];
