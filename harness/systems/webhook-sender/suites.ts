// Which suite file implements which of the webhook sender's checks. One file: its
// scenarios run at once, before any check grades them.
export const webhookSenderSuites: Readonly<Record<string, readonly string[]>> = {
  'suites/webhook-sender/delivery-rules.test.ts': [
    'WS-STOP-01', 'WS-STOP-02', 'WS-STOP-03', 'WS-RETRY-01', 'WS-RETRY-02', 'WS-RETRY-03', 'WS-RETRY-04', 'WS-RETRY-05', 'WS-CAP-01',
    'WS-DELAY-01', 'WS-DELAY-02', 'WS-DELAY-03', 'WS-SIGN-01', 'WS-SIGN-02', 'WS-DLQ-01',
  ],
};
