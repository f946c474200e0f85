// The webhook reference's faults (reference-impl/webhook/faults.ts) and the checks
// each must make fail. Every webhook check appears here at least once.
import type { FaultExpectation } from './fault-expectation.ts';

export const webhookFaultExpectations: readonly FaultExpectation[] = [
  { fault: 'reserialized-body', fails: ['WH-SIG-11', 'WH-SIG-12', 'WH-SIG-13'] },
  { fault: 'string-decoded-body', fails: ['WH-SIG-13'] },
  { fault: 'parse-before-auth', fails: ['WH-SIG-14'] },
  { fault: 'prefix-only-compare', fails: ['WH-SIG-09'] },
  { fault: 'no-length-check', fails: ['WH-SIG-04', 'WH-SIG-05', 'WH-SIG-06', 'WH-SIG-07'] },
  { fault: 'secret-hex-decoded', fails: ['WH-SIG-01', 'WH-SIG-02', 'WH-SIG-16', 'WH-ACK-01'] },
  { fault: 'lowercase-only-hex', fails: ['WH-SIG-02'] },
  { fault: 'signature-not-verified', fails: ['WH-SIG-08', 'WH-SIG-09', 'WH-SIG-10', 'WH-SIG-12', 'WH-SIG-17'] },
  { fault: 'missing-signature-accepted', fails: ['WH-SIG-03', 'WH-SIG-14'] },
  { fault: 'text-plain-accepted', fails: ['WH-SIG-15'] },
  { fault: 'strict-content-type-equality', fails: ['WH-SIG-16'] },
  { fault: 'parse-error-unhandled', fails: ['WH-PARSE-01', 'WH-PARSE-02', 'WH-PARSE-03', 'WH-PARSE-04'] },
  { fault: 'non-object-unhandled', fails: ['WH-VAL-01', 'WH-VAL-12'] },
  { fault: 'array-as-batch', fails: ['WH-VAL-02', 'WH-VAL-12'] },
  { fault: 'no-field-validation', fails: ['WH-VAL-03', 'WH-VAL-04', 'WH-VAL-05', 'WH-VAL-06', 'WH-VAL-10', 'WH-VAL-12'] },
  { fault: 'empty-id-accepted', fails: ['WH-VAL-04'] },
  { fault: 'any-type-accepted', fails: ['WH-VAL-07', 'WH-VAL-08', 'WH-VAL-13'] },
  { fault: 'old-created-at-rejected', fails: ['WH-VAL-09'], changes: ['WH-VAL-11'] },
  { fault: 'framework-error-bodies', fails: ['WH-SIG-03', 'WH-PARSE-01', 'WH-VAL-01'] },
  { fault: 'record-on-rejection', fails: ['WH-SIG-17', 'WH-VAL-13'] },
  { fault: 'no-record', fails: ['WH-ACK-03'] },
  { fault: 'dedup-by-body-hash', fails: ['WH-ACK-04'] },
  { fault: 'duplicate-409', fails: ['WH-ACK-02'] },
  { fault: 'ack-200', fails: ['WH-ACK-01'] },
  { fault: 'no-body-limit', fails: ['WH-ACK-06', 'WH-ACK-08'], changes: ['WH-ACK-07'] },
  { fault: 'body-limit-100kb', fails: ['WH-ACK-05'] },
];
