// The bundled sender's faults (harness/webhook/sender/sender-faults.ts) as the webhook
// sender's certification sees them: a black box, `wirecheck send` run once per scenario.
// Every WS check appears here at least once. Two faults change nothing on the wire and
// are judged by the sender's unit tests instead (harness/webhook/sender/delivery-rules.test.ts).
import { runExpectations, type FaultEffects, type FaultRuns } from './fault-runs.ts';

export const WEBHOOK_SENDER_FAULT_EFFECTS: FaultEffects = {
  'sender-retry-on-4xx': { fails: ['WS-STOP-03'] },
  'sender-only-200-is-success': { fails: ['WS-STOP-01', 'WS-STOP-02', 'WS-RETRY-01', 'WS-RETRY-02', 'WS-RETRY-03'] },
  'sender-3xx-as-success': { fails: ['WS-RETRY-01', 'WS-RETRY-04'], changes: ['WS-RETRY-05'] },
  // No 5xx is retried: the cap is never reached, so nothing is exhausted and no fifth attempt is made.
  'sender-stop-on-5xx': { fails: ['WS-STOP-02', 'WS-RETRY-01', 'WS-CAP-01', 'WS-DELAY-02', 'WS-DLQ-01'] },
  'sender-no-retry-on-network-error': { fails: ['WS-RETRY-02', 'WS-RETRY-03'] },
  'sender-no-delay-cap': { fails: ['WS-DELAY-02'] },
  'sender-delay-after-last': { fails: ['WS-DELAY-03'] },
  // One attempt too many: the listing is judged only for a delivery exhausted at the cap expected.
  'sender-off-by-one-cap': { fails: ['WS-CAP-01', 'WS-DLQ-01'] },
  'sender-no-dead-letter': { fails: ['WS-DLQ-01'] },
  'sender-resign-each-attempt-differently': { fails: ['WS-SIGN-02'] },
  'sender-signs-parsed-body': { fails: ['WS-SIGN-01'] },
  'sender-jitter-on': { fails: ['WS-DELAY-01', 'WS-DELAY-02'] },
};

/** Faults no black box can see, each with why. */
export const WEBHOOK_SENDER_UNSEEN_FAULTS: Readonly<Record<string, string>> = {
  'sender-returns-first-response': 'which answer the sender hands its own caller never reaches the wire (the sender\'s unit tests judge it in-process: harness/webhook/sender/delivery-rules.test.ts)',
  'sender-dead-letter-keeps-headers': 'what a dead-letter entry stores beyond the event is the sender\'s own file, not what an operator\'s listing shows (the sender\'s unit tests read the file)',
};

/** The self-test runs: the faults of each share one sender. */
export const WEBHOOK_SENDER_FAULT_RUNS: FaultRuns = [
  // Without retries of a 5xx nothing is exhausted: the delay after the last attempt is another run's.
  ['sender-stop-on-5xx', 'sender-signs-parsed-body'],
  ['sender-only-200-is-success', 'sender-no-delay-cap', 'sender-no-dead-letter', 'sender-delay-after-last'],
  ['sender-retry-on-4xx', 'sender-off-by-one-cap', 'sender-resign-each-attempt-differently', 'sender-no-retry-on-network-error'],
  // Jitter can shorten the delay after the last attempt below what WS-DELAY-03 sees: sender-delay-after-last is another run's.
  ['sender-3xx-as-success', 'sender-jitter-on'],
];

export const webhookSenderFaultExpectations = runExpectations(WEBHOOK_SENDER_FAULT_EFFECTS, WEBHOOK_SENDER_FAULT_RUNS);
