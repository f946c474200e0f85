// The bundled sender and the target as a pair, over the network: a valid delivery is
// accepted at the first attempt; a permanent rejection is a 4xx, so the sender stops
// at once instead of retrying what can never succeed.
import { expect } from 'vitest';
import { check, type CheckContext } from '../../../harness/checks/check.ts';
import { paymentEvent } from '../../../harness/webhook/payment-event.ts';
import { DELIVERY_PATH } from '../../../harness/webhook/webhook-client.ts';
import { deliver } from '../../../harness/webhook/sender/deliver.ts';
import type { DeliveryResult } from '../../../harness/webhook/sender/delivery-result.ts';
import { virtualTime } from '../../../harness/webhook/sender/virtual-time.ts';
import { deadLetterFile, senderOptions } from './testing/sender-under-test.ts';
import { webhookTarget } from '../../../harness/webhook/webhook-target.ts';

/** An event file as people write them: pretty-printed, so the exact bytes matter. */
function eventFile(event: object): Buffer {
  return Buffer.from(`${JSON.stringify(event, null, 2)}\n`, 'utf8');
}

async function sendToTarget(ctx: CheckContext, body: Buffer, label: string, secret?: string): Promise<{ result: DeliveryResult; sleeps: readonly number[] }> {
  const target = webhookTarget(ctx);
  const time = virtualTime();
  const result = await deliver(senderOptions(ctx, time, {
    url: new URL(DELIVERY_PATH, target.baseUrl).toString(), body, deadLetterFile: deadLetterFile(ctx, label),
    ...(secret ? { secret } : {}),
  }));
  return { result, sleeps: time.sleeps };
}

function summary(result: DeliveryResult): string {
  return `${result.attempts.length} attempt(s): ${result.attempts.map((a) => a.status ?? a.error).join(', ')}; outcome ${result.outcome}`;
}

check('WH-SEND-14', async (ctx) => {
  const { result, sleeps } = await sendToTarget(ctx, eventFile(paymentEvent()), 'valid');
  expect(result.outcome, `a valid signed event must be delivered: ${summary(result)}`).toBe('delivered');
  expect(result.attempts.length, `at the first attempt: ${summary(result)}`).toBe(1);
  const status = result.response?.status ?? 0;
  expect(status >= 200 && status <= 299, `the target must answer 2xx, got ${status}`).toBe(true);
  expect(sleeps).toEqual([]);
});

check('WH-SEND-15', async (ctx) => {
  const cases = [
    { label: 'unsupported-type', body: eventFile(paymentEvent({ type: 'payment.refunded' })), secret: undefined },
    { label: 'wrong-secret', body: eventFile(paymentEvent()), secret: `${webhookTarget(ctx).secret}-not-the-secret` },
  ];
  for (const { label, body, secret } of cases) {
    const { result, sleeps } = await sendToTarget(ctx, body, label, secret);
    const status = result.response?.status ?? 0;
    expect(status >= 400 && status <= 499, `${label}: the target must reject permanently with a 4xx, got ${status || summary(result)}`).toBe(true);
    expect(result.attempts.length, `${label}: a permanent rejection ends the delivery: ${summary(result)}`).toBe(1);
    expect(result.outcome, `${label}: ${summary(result)}`).toBe('rejected');
    expect(sleeps, `${label}: no delay after a permanent rejection`).toEqual([]);
  }
});
