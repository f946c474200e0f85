// The resource API reference's faults (reference-impl/resource-api/faults.ts) and the
// checks each must make fail (or, for INFO checks, whose observation it must change).
// Every resource-api check appears here at least once.
//
// Faults share runs (fault-runs.ts says how a group keeps each fault's expectation
// exact; verify-fault-runs.ts proves it). The groups were drawn from a run of the
// whole suite under each fault alone: no fault of a group makes a check named for
// another fail. Stray bytes after a 204, or a string where a boolean belongs, break
// most checks, and RA-MODEL-01 (random request sequences against a model of the spec)
// notices most faults: such a fault shares its run only with faults of checks it
// leaves alone. The faults that only change INFO observations share a run of their
// own: it must still end with exit 0.
import type { FaultExpectation } from './fault-expectation.ts';
import { runExpectations, type FaultEffects, type FaultRuns } from './fault-runs.ts';

export const RESOURCE_API_FAULT_EFFECTS: FaultEffects = {
  // 204 wire framing
  'body-after-204': { fails: ['RA-FRAME-01', 'RA-FRAME-02', 'RA-FRAME-03', 'RA-FRAME-04', 'RA-NOBODY-01'], changes: ['RA-META-01'] },
  'crlf-after-204': { fails: ['RA-FRAME-01', 'RA-FRAME-02', 'RA-NOBODY-01'] },
  'content-length-on-204': { fails: ['RA-NOBODY-02', 'RA-FRAME-03'] },
  // The header alone is RFC 9112's (RA-NOBODY-04, SHOULD); the chunk bytes after it break the spec's rule 1 (MUST).
  'chunked-204': { fails: ['RA-NOBODY-01', 'RA-NOBODY-04', 'RA-FRAME-01'] },
  'content-encoding-on-204': { fails: ['RA-NOBODY-03'] },
  // Only for a client that asks for compression: RA-NOBODY-03 samples with Accept-Encoding too.
  'content-encoding-when-asked': { fails: ['RA-NOBODY-03'] },
  // status and representation
  'patch-200-with-body': { fails: ['RA-PREF-01', 'RA-PREFER-02', 'RA-PACT-01'], changes: ['RA-PREFER-01'] },
  'digest-as-string': { fails: ['RA-PREF-02'] },
  'post-label-200': { fails: ['RA-LABEL-01', 'RA-PACT-01'] },
  'label-get-envelope': { fails: [], changes: ['RA-LABEL-03'] },
  'empty-error-bodies': { fails: ['RA-ERR-01'], changes: ['RA-ERR-02'] },
  // DELETE idempotency and its side effect
  'repeated-delete-204': { fails: ['RA-DEL-02', 'RA-DEL-03', 'RA-COND-06', 'RA-MODEL-01'] },
  'repeated-delete-effect': { fails: ['RA-DEL-04', 'RA-COND-06'], changes: ['RA-DEL-05'] },
  'concurrent-delete-both-succeed': { fails: ['RA-CONC-02', 'RA-CONC-03'], changes: ['RA-CONC-04'] },
  // A DELETE refused while another of its label is in flight: the end state holds, the answers do not (CONTRACTS §5: 204 or 404).
  'concurrent-delete-409': { fails: ['RA-CONC-01', 'RA-CONC-03'], changes: ['RA-CONC-04'], needsPostgres: true },
  // Narrow races (race-sizes.ts): caught in every run, test/self-test/race-detection-rate.ts measures it.
  'lock-per-request': { fails: ['RA-CONC-02', 'RA-CONC-03', 'RA-CONC-05'], needsPostgres: true },
  'no-row-lock': { fails: ['RA-CONC-02', 'RA-CONC-03', 'RA-CONC-05'], needsPostgres: true },
  'multi-process-read-then-write': { fails: ['RA-CONC-02', 'RA-CONC-03', 'RA-CONC-05'], needsPostgres: true },
  // durability
  // RA-CONC-01 waits for a label still there after its race (a late commit is RA-DUR-01's, read-back.ts).
  'ack-before-commit': { fails: ['RA-PREF-03', 'RA-LABEL-02', 'RA-DEL-01', 'RA-DUR-01'] },
  // Caught by RA-DUR-01's reads at once; the checks of other rules that read a change back name it as the cause instead (read-back.ts).
  'commit-after-204': { fails: ['RA-DUR-01'] },
  '204-despite-failed-commit': { fails: ['RA-DUR-02', 'RA-DUR-04'] },
  'failed-commit-409': { fails: ['RA-DUR-04'] },
  'effect-before-commit': { fails: ['RA-DUR-03'] },
  // ETag and If-Match
  'etag-unchanged': { fails: ['RA-COND-01', 'RA-COND-04', 'RA-MODEL-01'] },
  'stale-etag-on-204': { fails: ['RA-COND-05'] },
  'if-match-ignored': { fails: ['RA-COND-02', 'RA-CONC-05', 'RA-MODEL-01'] },
  // 412 for a conditional DELETE of an absent label is allowed by the spec (RA-COND-06), not by RFC 9110 §13.2.1.
  'if-match-before-existence': { fails: ['RA-COND-08'] },
  'if-match-first-tag-only': { fails: ['RA-COND-07'] },
  'strict-json-media-type': { fails: ['RA-INPUT-06', 'RA-INPUT-09'] },
  'json-media-type-substring': { fails: ['RA-INPUT-11'] },
  'token-anywhere-in-header': { fails: ['RA-AUTH-02'] },
  'no-www-authenticate': { fails: ['RA-AUTH-08'] },
  'router-errors-500': { fails: ['RA-LABEL-04'] },
  'missing-content-type-500': { fails: ['RA-INPUT-07'] },
  'oversize-body-500': { fails: ['RA-INPUT-08'] },
  '412-but-applied': { fails: ['RA-COND-03', 'RA-MODEL-01'] },
  // authentication and permission
  'missing-auth-accepted': { fails: ['RA-AUTH-01', 'RA-AUTH-02', 'RA-CORS-03'] },
  '401-but-applied': { fails: ['RA-AUTH-03'] },
  'cross-user-write': { fails: ['RA-AUTH-04', 'RA-MODEL-01'] },
  '403-leaks-preferences': { fails: ['RA-AUTH-04', 'RA-MODEL-01'] },
  '403-but-applied': { fails: ['RA-AUTH-05'] },
  'cross-user-label-read': { fails: ['RA-AUTH-06'] },
  'cross-user-label-delete': { fails: ['RA-AUTH-07'] },
  // caching and CORS
  'public-caching': { fails: ['RA-CACHE-01', 'RA-CACHE-02'] },
  'cors-expose-missing': { fails: ['RA-CORS-01'] },
  'preflight-requires-auth': { fails: ['RA-CORS-02'], changes: ['RA-CORS-04'] },
  // media type and input
  'text-plain-accepted': { fails: ['RA-INPUT-01'] },
  '415-but-applied': { fails: ['RA-INPUT-02'] },
  'wrong-type-accepted': { fails: ['RA-INPUT-03', 'RA-INPUT-04', 'RA-INPUT-05'] },
  // Whether such a body is refused is not fixed (RFC 8259 §9): only the INFO observation changes.
  'utf8-replaced': { fails: [], changes: ['RA-INPUT-10'] },
};

/**
 * The self-test runs: the faults of each share one reference. Longest first: they start
 * in this order, vitest.config.ts maxConcurrency at a time, after the clean run.
 */
export const RESOURCE_API_FAULT_RUNS: FaultRuns = [
  ['repeated-delete-204', 'if-match-first-tag-only', 'public-caching', 'oversize-body-500'],
  ['if-match-ignored', 'effect-before-commit', 'cors-expose-missing', '415-but-applied'],
  ['412-but-applied', 'empty-error-bodies', 'preflight-requires-auth'],
  ['cross-user-write', 'repeated-delete-effect', 'json-media-type-substring'],
  ['etag-unchanged', 'strict-json-media-type'],
  ['403-leaks-preferences', 'if-match-before-existence', 'text-plain-accepted'],
  ['body-after-204', 'missing-auth-accepted', 'concurrent-delete-both-succeed'],
  ['digest-as-string', 'cross-user-label-delete', 'cross-user-label-read', 'router-errors-500'],
  ['patch-200-with-body', '403-but-applied', 'missing-content-type-500'],
  ['stale-etag-on-204', 'no-www-authenticate'],
  ['crlf-after-204', 'post-label-200', 'failed-commit-409'],
  ['chunked-204', '401-but-applied', '204-despite-failed-commit'],
  ['ack-before-commit', 'wrong-type-accepted'],
  ['content-length-on-204', 'content-encoding-on-204', 'token-anywhere-in-header'],
  ['label-get-envelope', 'utf8-replaced'],
  // A commit after the 204 bypasses the PATCH and DELETE paths other faults sit in: it
  // shares a run only with a fault of the headers, which no read it delays can hide.
  ['commit-after-204', 'content-encoding-when-asked'],
  // The concurrent DELETEs' answers: alone, as every fault on the DELETE path would share its checks.
  ['concurrent-delete-409'],
  // The races as narrow as they are in the wild: PostgreSQL only, each alone.
  ['lock-per-request'],
  ['no-row-lock'],
  ['multi-process-read-then-write'],
];

/** A probe that counts nothing would make every "no effect" check pass: the preflight must stop each of them, alone. */
export const RESOURCE_API_PREFLIGHT_FAULTS: readonly FaultExpectation[] = ['RA-AUTH-07', 'RA-COND-03', 'RA-COND-06', 'RA-DUR-03', 'RA-DEL-04', 'RA-CONC-02', 'RA-CONC-03']
  .map((id) => ({ fault: 'probe-blind', fails: [], preflight: { message: 'the probe counts no label.deleted effect', only: [id] } }));

export const resourceApiFaultExpectations: readonly FaultExpectation[] = [
  ...runExpectations(RESOURCE_API_FAULT_EFFECTS, RESOURCE_API_FAULT_RUNS),
  ...RESOURCE_API_PREFLIGHT_FAULTS,
];
