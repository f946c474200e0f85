import type { CheckDefinition } from '../../checks/check-definition.ts';

// The webhook sender's checks (the spec's "Sender-side delivery rules", Request headers and
// Limits): declared here, implemented in suites/webhook-sender/. The sender is a black box:
// wirecheck plays the receiver and sees only the attempts, their bytes and their times.
const SUCCESS = 'Success response (2xx) | Stop; return that response.';
const REJECT = 'Status 400 to 499 | Stop at once; no retry (permanent rejection).';
const RETRY = 'Any other non-success result (for example 503) | Retry after a delay, if attempts remain.';
const DELAY = 'Delay before attempt n+1 is the smaller of 250 x 2^(n-1) milliseconds and 2000 milliseconds.';
const JITTER = 'Random jitter is usual in production senders; the reference rule has none.';
const TOLERANCE = 'a delay is measured from the end of one attempt (the answer sent, the reset, or the sender giving up) to the arrival of the next, and passes from 15 ms under the rule\'s value up to the run\'s tolerance over it (50 ms plus twice the scheduling noise measured during the run, printed with the check); with --jitter F anywhere in [d × (1 − F), d × (1 + F)] plus that tolerance';

export const webhookSenderChecks: readonly CheckDefinition[] = [
  { id: 'WS-STOP-01', level: 'MUST', title: 'stops at a 2xx on the first attempt (200, 201, 204, 299): exactly one attempt each', clause: 'Sender: success', basis: { quote: SUCCESS } },
  { id: 'WS-STOP-02', level: 'MUST', title: 'stops at the first 2xx after 503 answers (503 three times, then 202)', clause: 'Sender: success', allows: 'with a cap under 4 (--expect-max-attempts), one 503 fewer than the cap', basis: { quote: `${SUCCESS} … ${RETRY}` } },
  { id: 'WS-STOP-03', level: 'MUST', title: 'makes exactly one attempt for each of 400, 401, 404, 409, 422 and 499', clause: 'Sender: permanent rejection', basis: { quote: REJECT } },
  { id: 'WS-RETRY-01', level: 'MUST', title: 'retries after 500, 502, 504, 302 and 307 answers', clause: 'Sender: retry', allows: 'a 3xx comes without Location: a sender that follows redirects still sees it as an answer that is not a success', basis: { quote: RETRY } },
  { id: 'WS-RETRY-02', level: 'MUST', title: 'retries after a connection reset', clause: 'Sender: retry', basis: { quote: RETRY } },
  { id: 'WS-RETRY-03', level: 'MUST', title: 'retries after an attempt that gets no answer, once its own timeout ends it', clause: 'Sender: retry', allows: 'the spec does not show a sender timeout ("Sender timeout and any provider retry schedule: not shown"): any, up to --sender-timeout-ms', basis: { quote: RETRY } },
  { id: 'WS-CAP-01', level: 'MUST', title: 'against 503 answers makes exactly the attempt cap of attempts (4 by default, or --expect-max-attempts)', clause: 'Limits: attempt cap', basis: { quote: 'The sender makes attempts until one succeeds or the attempt cap is reached. … Attempt cap | 4 by default | Sender' } },
  { id: 'WS-DELAY-01', level: 'MUST', title: 'waits 250, 500 and 1000 ms before attempts 2, 3 and 4 (no jitter unless --jitter)', clause: 'Sender: delay', allows: TOLERANCE, basis: { quote: `${DELAY} … ${JITTER}` } },
  { id: 'WS-DELAY-02', level: 'MUST', title: 'waits 2000 ms, the ceiling, before every attempt after the fourth', clause: 'Sender: delay', allows: `judged where the cap allows a fifth attempt (--expect-max-attempts 5 or more); ${TOLERANCE}`, basis: { quote: `${DELAY} … Delay cap | 2000 ms | Sender` } },
  { id: 'WS-DELAY-03', level: 'MUST', title: 'no delay follows the final attempt: the sender\'s command returns right after it', clause: 'Sender: delay', allows: 'judged where the sender\'s command returns when its delivery has ended (as `wirecheck send` does); a command that returns sooner, and --listen, show nothing of it', basis: { quote: 'No delay follows the final attempt.' } },
  { id: 'WS-SIGN-01', level: 'MUST', title: 'every attempt is a POST with Content-Type application/json and an x-webhook-signature of 64 hex characters that verifies over the exact bytes received', clause: 'Request headers: x-webhook-signature', alsoCovers: ['Request headers: Content-Type'], allows: 'parameters after application/json (a charset) and either case of hex', basis: { quote: 'Must match `application/json`. … 64 hexadecimal characters (either case): hex encoding of HMAC with SHA-256 over the raw body bytes, keyed with the shared secret.' } },
  { id: 'WS-SIGN-02', level: 'SHOULD', title: 'every attempt of a delivery carries the same body bytes and signature', clause: 'Sender: retry', allows: 'the spec does not fix the bytes of a retry (a receiver deduplicates by event id): other bytes, correctly signed, warn', basis: { quote: RETRY } },
  { id: 'WS-DLQ-01', level: 'MUST', title: 'an exhausted delivery is visible to an operator: the dead-letter command (--dead-letter-cmd) lists its event id', clause: 'Sender: cap reached', allows: 'any listing that names the event id; without --dead-letter-cmd the check is skipped, naming the option', basis: { quote: 'Cap reached | Return the last response; the exhausted delivery must be visible to an operator for replay.' } },
];
