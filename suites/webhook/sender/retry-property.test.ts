// The delivery rules as one property: for ANY sequence of answers (2xx, 3xx, 4xx, 5xx,
// resets) and any cap, the number of attempts, the delays and the outcome are those of
// the spec's table — computed here by a model written straight from the spec.
import fc from 'fast-check';
import nock from 'nock';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import { check } from '../../../harness/checks/check.ts';
import { assertProperty } from '../../../harness/checks/property.ts';
import { eventBytes, paymentEvent } from '../../../harness/webhook/payment-event.ts';
import { sendToSimulated } from './testing/sender-under-test.ts';
import type { Answer } from './testing/simulated-receiver.ts';

beforeAll(() => nock.disableNetConnect());
afterEach(() => nock.cleanAll());
afterAll(() => {
  nock.enableNetConnect();
  nock.restore();
});

interface Expected {
  readonly attempts: number;
  readonly delays: readonly number[];
  readonly outcome: 'delivered' | 'rejected' | 'exhausted';
}

/** Sender-side delivery rules and Limits, read literally. The receiver repeats its last answer. */
function model(answers: readonly Answer[], cap: number): Expected {
  const delays: number[] = [];
  for (let n = 1; n <= cap; n++) {
    const answer = answers[Math.min(n - 1, answers.length - 1)];
    if (typeof answer === 'number' && answer >= 200 && answer <= 299) return { attempts: n, delays, outcome: 'delivered' };
    if (typeof answer === 'number' && answer >= 400 && answer <= 499) return { attempts: n, delays, outcome: 'rejected' };
    if (n < cap) delays.push(Math.min(250 * 2 ** (n - 1), 2000));
  }
  return { attempts: cap, delays, outcome: 'exhausted' };
}

const retryable = fc.oneof(fc.constantFrom<Answer>(500, 502, 503, 504, 'reset'), fc.constantFrom<Answer>(301, 302, 307, 308), fc.integer({ min: 505, max: 599 }));
const answer = fc.oneof(
  { arbitrary: retryable, weight: 6 },
  { arbitrary: fc.integer({ min: 200, max: 299 }), weight: 1 },
  { arbitrary: fc.integer({ min: 400, max: 499 }), weight: 1 },
);

check('WH-SEND-13', async (ctx) => {
  await assertProperty(ctx, fc.asyncProperty(fc.array(answer, { minLength: 1, maxLength: 10 }), fc.integer({ min: 1, max: 8 }), async (answers, cap) => {
    const expected = model(answers, cap);
    const { result, received, time } = await sendToSimulated(ctx, answers, { body: eventBytes(paymentEvent()), maxAttempts: cap });
    const seen = `answers [${answers.join(', ')}], cap ${cap}: ${received.length} attempts, delays [${time.sleeps.join(', ')}], ${result.outcome}`;
    expect(received.length, `attempts — ${seen}`).toBe(expected.attempts);
    expect(time.sleeps, `delays — ${seen}`).toEqual(expected.delays);
    expect(result.outcome, `outcome — ${seen}`).toBe(expected.outcome);
    const last = answers[Math.min(expected.attempts - 1, answers.length - 1)];
    if (typeof last === 'number') expect(result.response?.status, `the answer returned — ${seen}`).toBe(last);
  }), { numRuns: 120 });
});
