import type { Clause } from '../../checks/clause.ts';

// The sender's rules of ../shared/specs/webhook-receiver.md.
export const webhookSenderClauses: readonly Clause[] = [
  { clause: 'Request headers: Content-Type', text: 'Must match application/json.' },
  { clause: 'Request headers: x-webhook-signature', text: '64 hex characters, either case: HMAC-SHA256 of the raw body keyed with the shared secret.' },
  { clause: 'Sender: success', text: '2xx: stop and return that response.' },
  { clause: 'Sender: permanent rejection', text: '400-499: stop at once, no retry.' },
  { clause: 'Sender: retry', text: 'Any other non-success (e.g. 503): retry after a delay if attempts remain.' },
  { clause: 'Sender: cap reached', text: 'Return the last response; the exhausted delivery is visible to an operator for replay.' },
  { clause: 'Sender: delay', text: 'Delay before attempt n+1 = min(250 × 2^(n−1), 2000) ms; none after the final attempt; no jitter.' },
  { clause: 'Limits: attempt cap', text: 'Sender attempt cap 4 by default; base delay 250 ms doubling; delay cap 2000 ms.' },
];
