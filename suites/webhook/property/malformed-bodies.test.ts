// Processing order 2 and 3 as properties: signed bodies that are not JSON are 400,
// signed JSON that is not a valid event is 422.
import fc from 'fast-check';
import { check } from '../../../harness/checks/check.ts';
import { assertProperty } from '../../../harness/checks/property.ts';
import { webhookClient } from '../../../harness/webhook/webhook-client.ts';
import { uniqueId } from '../../../harness/webhook/payment-event.ts';
import { expectRejected } from '../../../harness/webhook/expect-answer.ts';
import { invalidEventJson, notJsonText } from '../../../harness/webhook/arbitraries.ts';

check('WH-PARSE-04', async (ctx) => {
  const client = webhookClient(ctx);
  await assertProperty(ctx, fc.asyncProperty(notJsonText(), async (text) => {
    expectRejected(await client.deliver({ body: text }), 'invalid JSON');
  }), { numRuns: 40 });
});

check('WH-VAL-12', async (ctx) => {
  const client = webhookClient(ctx);
  await assertProperty(ctx, fc.asyncProperty(invalidEventJson(() => uniqueId()), async (value) => {
    expectRejected(await client.deliver({ body: JSON.stringify(value) }), 'unsupported event');
  }), { numRuns: 60 });
});
