// The webhook reference's faults (reference-impl/webhook/faults.ts), the bundled
// sender's (harness/webhook/sender/sender-faults.ts), and the checks each must make
// fail (or, for INFO checks, whose observation it must change). Every webhook check
// appears here at least once.
//
// Faults share runs (fault-runs.ts says how a group keeps each fault's expectation
// exact; verify-fault-runs.ts proves it). A group holds faults of different stages of
// the receiver (signature, parsing, validation, records, business work), and at most one
// bug of the sender that WH-SEND-14/15 see when it delivers to the reference. The
// sender's other bugs change nothing a check of the receiver judges: the sender's unit
// tests prove them (WEBHOOK_SENDER_FAULTS_IN_UNIT_TESTS). The faults that only change
// INFO observations share a run of their own: it must still end with exit 0.
import type { FaultExpectation } from './fault-expectation.ts';
import { runExpectations, type FaultEffects, type FaultRuns } from './fault-runs.ts';

export const WEBHOOK_FAULT_EFFECTS: FaultEffects = {
  'reserialized-body': { fails: ['WH-SIG-11', 'WH-SIG-12', 'WH-SIG-13'] },
  'string-decoded-body': { fails: ['WH-SIG-13'] },
  'parse-before-auth': { fails: ['WH-SIG-14'] },
  'prefix-only-compare': { fails: ['WH-SIG-09'] },
  'no-length-check': { fails: ['WH-SIG-04', 'WH-SIG-05', 'WH-SIG-06', 'WH-SIG-07'] },
  'secret-hex-decoded': { fails: ['WH-SIG-01', 'WH-SIG-02', 'WH-SIG-16', 'WH-ACK-01'] },
  'lowercase-only-hex': { fails: ['WH-SIG-02'] },
  'signature-not-verified': { fails: ['WH-SIG-08', 'WH-SIG-09', 'WH-SIG-10', 'WH-SIG-12', 'WH-SIG-17'] },
  'missing-signature-accepted': { fails: ['WH-SIG-03', 'WH-SIG-14'] },
  'text-plain-accepted': { fails: ['WH-SIG-15'] },
  'malformed-content-type-rejected': { fails: ['WH-SIG-18'] },
  'strict-content-type-equality': { fails: ['WH-SIG-16', 'WH-SIG-20'] },
  'content-type-substring-match': { fails: ['WH-SIG-19'] },
  // Flask's is_json: application/*+json taken as application/json.
  'json-suffix-accepted': { fails: ['WH-SIG-19'] },
  'parse-error-unhandled': { fails: ['WH-PARSE-01', 'WH-PARSE-02', 'WH-PARSE-03', 'WH-PARSE-04'] },
  'non-object-unhandled': { fails: ['WH-VAL-01', 'WH-VAL-12'] },
  'array-as-batch': { fails: ['WH-VAL-02', 'WH-VAL-12'] },
  'no-field-validation': { fails: ['WH-VAL-03', 'WH-VAL-04', 'WH-VAL-05', 'WH-VAL-06', 'WH-VAL-10', 'WH-VAL-12'] },
  'empty-id-accepted': { fails: ['WH-VAL-04'] },
  'any-type-accepted': { fails: ['WH-VAL-07', 'WH-VAL-08', 'WH-VAL-13', 'WH-VAL-14'] },
  'type-compared-loosely': { fails: ['WH-VAL-14'] },
  'data-validated': { fails: ['WH-VAL-15', 'WH-VAL-16'], changes: ['WH-PROC-03'] },
  'old-created-at-rejected': { fails: ['WH-VAL-09'], changes: ['WH-VAL-11'] },
  'framework-error-bodies': { fails: ['WH-SIG-03', 'WH-PARSE-01', 'WH-VAL-01'] },
  'record-on-rejection': { fails: ['WH-SIG-17', 'WH-VAL-13', 'WH-DEL-01'] },
  'record-twice': { fails: ['WH-ACK-03'] },
  'dedup-by-body-hash': { fails: ['WH-ACK-04'] },
  'duplicate-409': { fails: ['WH-ACK-02', 'WH-CONC-01'] },
  'ack-200': { fails: ['WH-ACK-01'] },
  'no-body-limit': { fails: ['WH-ACK-06', 'WH-ACK-08'], changes: ['WH-ACK-07'] },
  'body-limit-100kb': { fails: ['WH-ACK-05'] },
  'ack-before-commit': { fails: ['WH-ACK-09'] },
  'ack-despite-failed-commit': { fails: ['WH-ACK-11'] },
  'second-effect-on-duplicate': { fails: ['WH-ACK-10', 'WH-CONC-01', 'WH-CONC-03', 'WH-DEL-01'] },
  // The second effect lands 1 s after the repeat, at the pace of a worker that takes 1 s an
  // event: WH-ACK-10 watches until an event acknowledged after the repeat has completed.
  'slow-second-effect-on-duplicate': { fails: ['WH-ACK-10'] },
  // WH-CONC-02 races two instances, which need PostgreSQL.
  'read-then-write-dedup': { fails: ['WH-CONC-01', 'WH-CONC-02', 'WH-CONC-03'], needsPostgres: true },
  // No work ever runs, so waiting out the default 10 s budget for it proves nothing more
  // than 2 s do (the preflight's control event is where the run finds it stuck).
  'no-worker': { fails: ['WH-PROC-01'], changes: ['WH-PROC-02', 'WH-PROC-03'], runArgs: ['--work-timeout', '2'] },
  'effect-twice': { fails: ['WH-PROC-01'] },
  'no-metrics': { fails: [], changes: ['WH-OPS-01'] },
  'no-version-guard': { fails: ['WH-ORD-01', 'WH-ORD-03'], changes: ['WH-ORD-04'] },
  'equal-version-reapplied': { fails: ['WH-ORD-02', 'WH-ORD-03'] },
  'wrong-payment-status': { fails: [], changes: ['WH-ORD-05'] },
  // The preflight finds the status on its control event: every check that needs the probe
  // then fails at once naming it, so it runs alone.
  'record-status-done': { fails: ['WH-PROC-04'] },
  // Faults of the bundled sender that WH-SEND-14/15 see, delivering to the reference: the
  // run hands sender-* names to that suite, never to the reference process.
  'sender-retry-on-4xx': { fails: ['WH-SEND-15'] },
  'sender-only-200-is-success': { fails: ['WH-SEND-14'] },
  'sender-signs-parsed-body': { fails: ['WH-SEND-14'] },
};

/**
 * The sender's bugs no webhook check sees against a correct receiver (WH-SEND-01..13, which
 * judged the sender against a simulated one, are retired): the sender's unit tests prove
 * each of them, harness/webhook/sender/delivery-rules.test.ts, which runs its rules with
 * every fault of the sender on; the webhook-sender system's self-test sees most of them too.
 */
export const WEBHOOK_SENDER_FAULTS_IN_UNIT_TESTS: readonly string[] = [
  'sender-3xx-as-success', 'sender-stop-on-5xx', 'sender-no-retry-on-network-error', 'sender-no-delay-cap', 'sender-delay-after-last',
  'sender-off-by-one-cap', 'sender-returns-first-response', 'sender-no-dead-letter', 'sender-dead-letter-keeps-headers',
  'sender-resign-each-attempt-differently', 'sender-jitter-on',
];

/**
 * The self-test runs: the faults of each share one reference. Longest first: they start
 * in this order, vitest.config.ts maxConcurrency at a time, after the clean run.
 */
export const WEBHOOK_FAULT_RUNS: FaultRuns = [
  ['framework-error-bodies', 'equal-version-reapplied', 'sender-signs-parsed-body'],
  ['record-on-rejection', 'ack-despite-failed-commit', 'no-body-limit', 'string-decoded-body'],
  ['no-worker', 'prefix-only-compare', 'strict-content-type-equality', 'non-object-unhandled'],
  ['second-effect-on-duplicate', 'lowercase-only-hex', 'content-type-substring-match', 'body-limit-100kb'],
  ['no-version-guard', 'missing-signature-accepted', 'sender-retry-on-4xx'],
  ['record-twice', 'any-type-accepted', 'sender-only-200-is-success'],
  ['ack-before-commit', 'no-field-validation', 'parse-before-auth'],
  ['read-then-write-dedup'],
  ['signature-not-verified', 'parse-error-unhandled', 'slow-second-effect-on-duplicate'],
  ['duplicate-409', 'data-validated', 'type-compared-loosely'],
  ['secret-hex-decoded', 'malformed-content-type-rejected'],
  ['dedup-by-body-hash', 'old-created-at-rejected', 'empty-id-accepted', 'json-suffix-accepted'],
  ['effect-twice', 'reserialized-body', 'array-as-batch'],
  ['ack-200', 'text-plain-accepted', 'no-length-check'],
  ['no-metrics', 'wrong-payment-status'],
  ['record-status-done'],
];

/** Faults the preflight must catch (a probe that sees nothing): they run alone, once per check they would otherwise let pass. */
const PREFLIGHT_MESSAGE = 'the probe does not see the event it was just acknowledged';
export const WEBHOOK_PREFLIGHT_FAULTS: readonly FaultExpectation[] = [
  // Acknowledged but never recorded: the preflight's positive control sees no record, so no probe check is judged.
  { fault: 'no-record', fails: [], preflight: { message: PREFLIGHT_MESSAGE, only: ['WH-ACK-03'] } },
  // A probe that sees nothing would make every "leaves no record" check pass: the preflight stops each of them.
  ...['WH-SIG-17', 'WH-VAL-13', 'WH-ACK-08', 'WH-ACK-11'].map((id) => ({ fault: 'probe-blind', fails: [], preflight: { message: PREFLIGHT_MESSAGE, only: [id] } })),
];

export const webhookFaultExpectations: readonly FaultExpectation[] = [
  ...runExpectations(WEBHOOK_FAULT_EFFECTS, WEBHOOK_FAULT_RUNS),
  ...WEBHOOK_PREFLIGHT_FAULTS,
];
