// Deliberate bugs of the bundled sender, for the self-test only. Each proves a rule of
// the sender's unit tests able to fail (delivery-rules.test.ts lists which); the
// webhook-sender system's checks see most of them through `wirecheck send`
// (test/self-test/webhook-sender-faults.ts), and WH-SEND-14/15 three of them when
// `wirecheck run webhook --reference-fault sender-<name>` hands them to that suite
// (never to the reference process, which refuses names it does not know).
export const SENDER_FAULT_PREFIX = 'sender-';

export const SENDER_FAULTS = [
  'sender-retry-on-4xx', //                    4xx answers are retried like 5xx
  'sender-only-200-is-success', //             only 200 stops the sender; 201-299 are retried
  'sender-3xx-as-success', //                  any status below 400 counts as delivered
  'sender-stop-on-5xx', //                     5xx answers end the delivery like a 4xx
  'sender-no-retry-on-network-error', //       a reset or timeout ends the delivery at once
  'sender-no-delay-cap', //                    250 x 2^(n-1) without the 2000 ms ceiling
  'sender-delay-after-last', //                sleeps once more after the final attempt
  'sender-off-by-one-cap', //                  one attempt more than the cap (<= instead of <)
  'sender-returns-first-response', //          an exhausted delivery returns the first answer, not the last
  'sender-no-dead-letter', //                  an exhausted delivery is not written to the dead-letter file
  'sender-dead-letter-keeps-headers', //       the dead-letter entry stores the request headers, signature included
  'sender-resign-each-attempt-differently', // retries re-serialize the JSON body (and sign the new bytes)
  'sender-signs-parsed-body', //               signs JSON.stringify(JSON.parse(body)) but sends the raw bytes
  'sender-jitter-on', //                       jitter on unless switched off
] as const;

export type SenderFault = (typeof SENDER_FAULTS)[number];

export function isSenderFaultName(name: string): boolean {
  return name.startsWith(SENDER_FAULT_PREFIX);
}

/** The known faults among `names`; throws on an unknown one (a misspelt fault must never pass as clean). */
export function senderFaultSet(names: readonly string[] = []): ReadonlySet<SenderFault> {
  const unknown = names.filter((name) => !(SENDER_FAULTS as readonly string[]).includes(name));
  if (unknown.length > 0) throw new Error(`unknown sender fault(s): ${unknown.join(', ')}; known: ${SENDER_FAULTS.join(', ')}`);
  return new Set(names as SenderFault[]);
}
