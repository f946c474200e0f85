// Processing order 2: after a valid signature, a body that is not JSON is 400.
import { check } from '../../../harness/checks/check.ts';
import { webhookClient } from '../../../harness/webhook/webhook-client.ts';
import { eventBytes, paymentEvent } from '../../../harness/webhook/payment-event.ts';
import { expectRejected } from '../../../harness/webhook/expect-answer.ts';

check('WH-PARSE-01', async (ctx) => {
  expectRejected(await webhookClient(ctx).deliver({ body: 'payment succeeded, trust me' }), 'invalid JSON');
});

check('WH-PARSE-02', async (ctx) => {
  expectRejected(await webhookClient(ctx).deliver({ body: '' }), 'invalid JSON');
});

check('WH-PARSE-03', async (ctx) => {
  const bytes = eventBytes(paymentEvent());
  expectRejected(await webhookClient(ctx).deliver({ body: bytes.subarray(0, bytes.length - 7) }), 'invalid JSON');
});
