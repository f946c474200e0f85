// Which suite file implements which of the webhook checks: a run forks only the files of its
// selected checks. harness/systems/suite-index.test.ts proves this list is what the files hold.

export const webhookSuites: Readonly<Record<string, readonly string[]>> = {
  'suites/webhook/concurrency/duplicate-races.test.ts': ['WH-CONC-01', 'WH-CONC-02', 'WH-CONC-03'],
  'suites/webhook/contract/acknowledgement.test.ts': ['WH-ACK-01', 'WH-ACK-02', 'WH-ACK-03', 'WH-ACK-04', 'WH-ACK-05', 'WH-ACK-06', 'WH-ACK-07', 'WH-ACK-08'],
  'suites/webhook/contract/durability.test.ts': ['WH-ACK-09', 'WH-ACK-10', 'WH-ACK-11'],
  'suites/webhook/contract/operational-records.test.ts': ['WH-OPS-01'],
  'suites/webhook/contract/ordering.test.ts': ['WH-ORD-01', 'WH-ORD-02', 'WH-ORD-04', 'WH-ORD-05'],
  'suites/webhook/contract/parsing.test.ts': ['WH-PARSE-01', 'WH-PARSE-02', 'WH-PARSE-03'],
  'suites/webhook/contract/processing.test.ts': ['WH-PROC-01', 'WH-PROC-02', 'WH-PROC-03', 'WH-PROC-04'],
  'suites/webhook/contract/signature.test.ts': [
    'WH-SIG-01', 'WH-SIG-02', 'WH-SIG-03', 'WH-SIG-04', 'WH-SIG-05', 'WH-SIG-06', 'WH-SIG-07', 'WH-SIG-08', 'WH-SIG-09', 'WH-SIG-13', 'WH-SIG-14',
    'WH-SIG-15', 'WH-SIG-16', 'WH-SIG-17', 'WH-SIG-18', 'WH-SIG-19', 'WH-SIG-20',
  ],
  'suites/webhook/contract/validation.test.ts': [
    'WH-VAL-01', 'WH-VAL-02', 'WH-VAL-03', 'WH-VAL-04', 'WH-VAL-05', 'WH-VAL-06', 'WH-VAL-07', 'WH-VAL-08', 'WH-VAL-09', 'WH-VAL-10', 'WH-VAL-11',
    'WH-VAL-13', 'WH-VAL-14', 'WH-VAL-15', 'WH-VAL-16',
  ],
  'suites/webhook/property/deliveries.test.ts': ['WH-DEL-01'],
  'suites/webhook/property/malformed-bodies.test.ts': ['WH-PARSE-04', 'WH-VAL-12'],
  'suites/webhook/property/ordering.test.ts': ['WH-ORD-03'],
  'suites/webhook/property/signed-bytes.test.ts': ['WH-SIG-10', 'WH-SIG-11', 'WH-SIG-12'],
  'suites/webhook/sender/against-target.test.ts': ['WH-SEND-14', 'WH-SEND-15'],
};

/**
 * The files that may run side by side against one external target: each delivers events of
 * its own (ids unique to its process, harness/webhook/payment-event.ts) and reads back only
 * those. The properties release their deliveries in concurrent batches too, but what they
 * judge is each answer, record and version of their own ids, which other files' traffic
 * cannot change. Not the duplicate races, whose identical deliveries must reach the target
 * at one instant to provoke a read-then-write window (other traffic would spread them out
 * and hide the bug), nor contract/durability.test.ts, whose probe switch fails the *next*
 * commit, whoever's it is.
 */
const OWN_THE_TARGET = new Set([
  'suites/webhook/concurrency/duplicate-races.test.ts',
  'suites/webhook/contract/durability.test.ts',
]);
export const webhookConcurrentSuites: readonly string[] = Object.keys(webhookSuites).filter((file) => !OWN_THE_TARGET.has(file));
