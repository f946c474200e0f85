// The bundled sender against the spec's "Sender-side delivery rules" and Limits, one rule
// at a time, against a receiver simulated with nock and a virtual clock (every delay seen
// exactly): which answers end a delivery, which are retried, how many attempts, which
// delays, what an exhausted delivery leaves for an operator, which bytes are signed.
//
// These were the checks WH-SEND-01..13 of the webhook system, retired in issue 29: they
// judged wirecheck's own sender, never the receiver under test, so they are its unit
// tests now. Senders, this one included, are certified by the webhook-sender system;
// WH-SEND-14/15 still deliver to the webhook target.
//
// Each rule is proven able to fail: run with each deliberate bug of the sender
// (sender-faults.ts), the rules FAULT_BREAKS names for it must fail on an assertion.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import nock from 'nock';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { jsonStyle } from '../arbitraries.ts';
import { formatJson } from '../json-format.ts';
import { eventBytes, paymentEvent } from '../payment-event.ts';
import { signatureOf } from '../sign.ts';
import { entryBody } from './dead-letter-entry.ts';
import { DeadLetterStore } from './dead-letter-store.ts';
import { deliver, type DeliverOptions } from './deliver.ts';
import type { DeliveryResult } from './delivery-result.ts';
import { replayEntry } from './replay.ts';
import { SENDER_FAULTS, type SenderFault } from './sender-faults.ts';
import { RECEIVER_URL, simulateReceiver, type Answer, type ReceivedRequest } from './testing/simulated-receiver.ts';
import { virtualTime, type VirtualTime } from './virtual-time.ts';

/** The self-test's seed: the properties draw the same cases on every run. */
const SEED = 20261121;
const dirs: string[] = [];

beforeAll(() => nock.disableNetConnect());
afterEach(() => nock.cleanAll());
afterAll(() => {
  nock.enableNetConnect();
  nock.restore();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

/** The sender under test: clean, or with deliberate bugs. */
interface Sender {
  readonly faults: readonly SenderFault[];
  readonly secret: string;
  /** Where its dead-letter files go. */
  readonly dir: string;
}

function senderWith(faults: readonly SenderFault[]): Sender {
  const dir = mkdtempSync(join(tmpdir(), 'wirecheck-sender-rules-'));
  dirs.push(dir);
  return { faults, secret: 'sender-rules-secret-0123456789', dir };
}

interface SimulatedDelivery {
  readonly result: DeliveryResult;
  readonly received: readonly ReceivedRequest[];
  readonly time: VirtualTime;
}

type SendOptions = Partial<DeliverOptions> & Pick<DeliverOptions, 'body'>;

function deliverOptions(sender: Sender, time: VirtualTime, options: SendOptions): DeliverOptions {
  return {
    url: RECEIVER_URL, secret: sender.secret, deadLetterFile: join(sender.dir, 'dead-letters.jsonl'),
    sleep: time.sleep, now: time.now, faults: sender.faults, ...options,
  };
}

/** One delivery by the sender to the simulated receiver answering `answers` in turn (the last one repeated). */
async function sendToSimulated(sender: Sender, answers: readonly Answer[], options: SendOptions): Promise<SimulatedDelivery> {
  const time = virtualTime();
  const receiver = simulateReceiver(answers, time.now);
  try {
    return { result: await deliver(deliverOptions(sender, time, options)), received: receiver.received, time };
  } finally {
    receiver.close();
  }
}

const body = () => eventBytes(paymentEvent());

function summary(delivery: SimulatedDelivery): string {
  const answers = delivery.result.attempts.map((a) => a.status ?? a.error).join(', ');
  return `${delivery.received.length} request(s) received; attempts: ${answers}; delays slept: [${delivery.time.sleeps.join(', ')}]; outcome ${delivery.result.outcome}`;
}

/** Milliseconds between the arrivals of consecutive attempts, by the sender's clock. */
function gaps(delivery: SimulatedDelivery): number[] {
  return delivery.received.slice(1).map((r, i) => r.at - (delivery.received[i]?.at ?? 0));
}

function expectRetriedAfterFailure(delivery: SimulatedDelivery, code: string): void {
  expect(delivery.result.attempts[0]?.error ?? '', `attempt 1 must have failed with ${code}: ${summary(delivery)}`).toMatch(new RegExp(`^${code}`));
  expect(delivery.received.length, `a failure without an answer must be retried: ${summary(delivery)}`).toBe(2);
  expect(delivery.result.outcome, summary(delivery)).toBe('delivered');
  expect(delivery.time.sleeps, summary(delivery)).toEqual([250]);
}

/** A property over the sender: the self-test's seed; without shrinking when a bug is on (its failure is what counts). */
async function assertSenderProperty<Ts>(sender: Sender, property: fc.IAsyncPropertyWithHooks<Ts>, numRuns: number): Promise<void> {
  await fc.assert(property, { seed: SEED, numRuns, endOnFailure: sender.faults.length > 0 });
}

/** Sender-side delivery rules and Limits, read literally. The receiver repeats its last answer. */
function model(answers: readonly Answer[], cap: number): { attempts: number; delays: readonly number[]; outcome: 'delivered' | 'rejected' | 'exhausted' } {
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
const anyAnswer = fc.oneof(
  { arbitrary: retryable, weight: 6 },
  { arbitrary: fc.integer({ min: 200, max: 299 }), weight: 1 },
  { arbitrary: fc.integer({ min: 400, max: 499 }), weight: 1 },
);

/** An event file as people write them: pretty-printed, so re-serializing it would change its bytes. */
const PRETTY = { whitespace: ['\n  ', ' ', '\n'], reverseDepths: [], escape: () => false };

function expectSignedAsSent(request: ReceivedRequest, secret: string, sent: Buffer, attempt: number): void {
  expect(request.body.equals(sent), `attempt ${attempt}: the body received must be the bytes given to the sender`).toBe(true);
  expect(String(request.headers['content-type']), `attempt ${attempt}: Content-Type`).toMatch(/^application\/json\b/i);
  const signature = String(request.headers['x-webhook-signature']);
  expect(signature, `attempt ${attempt}: x-webhook-signature must be 64 hex characters`).toMatch(/^[0-9a-fA-F]{64}$/);
  expect(signature.toLowerCase(), `attempt ${attempt}: the signature must be HMAC-SHA256 of the exact bytes received`).toBe(signatureOf(secret, request.body));
}

interface Rule {
  /** The retired check id it was. */
  readonly formerly: string;
  /** What it asserts, and the spec's words that make it so. */
  readonly title: string;
  readonly verify: (sender: Sender) => Promise<void>;
}

const RULES = {
  // "Success response (2xx) | Stop; return that response."
  'stops-at-first-2xx': {
    formerly: 'WH-SEND-01', title: 'stops at a 2xx on the first attempt and returns that answer',
    verify: async (sender) => {
      for (const status of [200, 201, 202, 204, 299]) {
        const delivery = await sendToSimulated(sender, [status, 503], { body: body() });
        expect(delivery.received.length, `a ${status} must end the delivery at the first attempt: ${summary(delivery)}`).toBe(1);
        expect(delivery.result.outcome, summary(delivery)).toBe('delivered');
        expect(delivery.result.response?.status, 'the 2xx answer must be returned').toBe(status);
        expect(delivery.time.sleeps, 'no delay after a success').toEqual([]);
      }
    },
  },
  'stops-at-2xx-after-5xx': {
    formerly: 'WH-SEND-02', title: 'stops at the first 2xx after 5xx answers and returns it',
    verify: async (sender) => {
      const delivery = await sendToSimulated(sender, [503, 503, 202, 503], { body: body() });
      expect(delivery.received.length, `the 2xx of attempt 3 must end the delivery: ${summary(delivery)}`).toBe(3);
      expect(delivery.result.outcome, summary(delivery)).toBe('delivered');
      expect(delivery.result.response?.status, 'the 2xx answer must be returned').toBe(202);
      expect(JSON.parse(delivery.result.response?.body.toString('utf8') ?? '{}'), 'the answer returned must be that of attempt 3').toMatchObject({ attempt: 3 });
      expect(delivery.time.sleeps, summary(delivery)).toEqual([250, 500]);
    },
  },
  // "Status 400 to 499 | Stop at once; no retry (permanent rejection)."
  'one-attempt-on-4xx': {
    formerly: 'WH-SEND-03', title: 'makes exactly one attempt for each of 400, 401, 404, 409, 422 and 499',
    verify: async (sender) => {
      for (const status of [400, 401, 404, 409, 422, 499]) {
        const delivery = await sendToSimulated(sender, [status, 202], { body: body() });
        expect(delivery.received.length, `${status} is a permanent rejection: exactly one attempt. ${summary(delivery)}`).toBe(1);
        expect(delivery.result.outcome, summary(delivery)).toBe('rejected');
        expect(delivery.result.response?.status, `the ${status} answer must be returned`).toBe(status);
        expect(delivery.time.sleeps, 'no delay after a permanent rejection').toEqual([]);
      }
    },
  },
  // "Any other non-success result (for example 503) | Retry after a delay, if attempts remain."
  'retries-5xx-and-3xx': {
    formerly: 'WH-SEND-04', title: 'retries 500, 502, 503, 504 and 3xx answers',
    verify: async (sender) => {
      for (const status of [500, 502, 503, 504, 301, 302, 303, 307, 308]) {
        const delivery = await sendToSimulated(sender, [status, 202], { body: body() });
        expect(delivery.received.length, `${status} is not a success: it must be retried. ${summary(delivery)}`).toBe(2);
        expect(delivery.result.outcome, summary(delivery)).toBe('delivered');
        expect(delivery.time.sleeps, `the retry after ${status} comes 250 ms later`).toEqual([250]);
      }
    },
  },
  'retries-reset': {
    formerly: 'WH-SEND-05', title: 'retries after a connection reset',
    verify: async (sender) => expectRetriedAfterFailure(await sendToSimulated(sender, ['reset', 202], { body: body() }), 'ECONNRESET'),
  },
  // The spec shows no sender timeout; the bundled sender's is per attempt, 10 s by default (--timeout-ms).
  'retries-timeout': {
    formerly: 'WH-SEND-06', title: 'retries after an attempt times out',
    // The timeout must leave the immediate 202 of the second attempt room on a loaded machine.
    verify: async (sender) => expectRetriedAfterFailure(await sendToSimulated(sender, ['hang', 202], { body: body(), timeoutMs: 1_000 }), 'TIMEOUT'),
  },
  // "Attempt cap | 4 by default | Sender … Cap reached | Return the last response"
  'cap-4-returns-last': {
    formerly: 'WH-SEND-07', title: 'makes exactly 4 attempts by default against 503s and returns the last answer',
    verify: async (sender) => {
      const delivery = await sendToSimulated(sender, [503], { body: body() });
      expect(delivery.received.length, `the default cap is 4 attempts: ${summary(delivery)}`).toBe(4);
      expect(delivery.result.outcome, summary(delivery)).toBe('exhausted');
      expect(delivery.result.response?.status, 'the last answer must be returned').toBe(503);
      expect(JSON.parse(delivery.result.response?.body.toString('utf8') ?? '{}'), 'the answer returned must be that of the last attempt').toMatchObject({ attempt: 4 });
    },
  },
  // "Delay before attempt n+1 is the smaller of 250 x 2^(n-1) milliseconds and 2000 milliseconds.
  // No delay follows the final attempt. Random jitter is usual in production senders; the reference rule has none."
  'delays-250-500-1000': {
    formerly: 'WH-SEND-08', title: 'waits exactly 250, 500 and 1000 ms between 4 attempts and not after the last (no jitter by default)',
    verify: async (sender) => {
      const delivery = await sendToSimulated(sender, [503], { body: body() });
      expect(delivery.time.sleeps, `delays slept: 250, 500, 1000 ms and none after the 4th attempt. ${summary(delivery)}`).toEqual([250, 500, 1000]);
      expect(gaps(delivery), 'time between the arrivals of consecutive attempts').toEqual([250, 500, 1000]);
      expect(delivery.result.attempts.map((a) => a.delayAfterMs), 'the delay recorded after each attempt').toEqual([250, 500, 1000, undefined]);
      expect(delivery.time.now(), 'the sender returned without waiting after the final attempt').toBe(delivery.received.at(-1)?.at);
    },
  },
  'delay-ceiling': {
    formerly: 'WH-SEND-09', title: 'with a cap of 6 waits 250, 500, 1000, 2000 and 2000 ms: the delay ceiling',
    verify: async (sender) => {
      const delivery = await sendToSimulated(sender, [503], { body: body(), maxAttempts: 6 });
      expect(delivery.received.length, `a cap of 6 means 6 attempts: ${summary(delivery)}`).toBe(6);
      expect(delivery.time.sleeps, `min(250 x 2^(n-1), 2000): ${summary(delivery)}`).toEqual([250, 500, 1000, 2000, 2000]);
      expect(gaps(delivery)).toEqual([250, 500, 1000, 2000, 2000]);
      expect(delivery.time.now(), 'no delay after the final attempt').toBe(delivery.received.at(-1)?.at);
    },
  },
  // "Cap reached | Return the last response; the exhausted delivery must be visible to an operator for replay."
  'dead-letter-for-replay': {
    formerly: 'WH-SEND-10', title: 'writes an exhausted delivery to the dead-letter file, without secret or signature, to be listed and replayed',
    verify: async (sender) => {
      const event = paymentEvent();
      const sent = Buffer.from(formatJson(event, { whitespace: ['\n  ', ' '], reverseDepths: [], escape: () => false }), 'utf8');
      const file = join(sender.dir, 'exhausted.jsonl');
      const delivery = await sendToSimulated(sender, [503], { body: sent, deadLetterFile: file });
      expect(delivery.result.outcome).toBe('exhausted');
      expect(delivery.result.deadLetter, 'an exhausted delivery must be written to the dead-letter file').toBeDefined();

      // 1. The file: one entry with the exact bytes, the attempts — and no secret, no signature.
      const text = readFileSync(file, 'utf8');
      for (const signature of new Set(delivery.received.map((r) => String(r.headers['x-webhook-signature'])))) {
        expect(text.toLowerCase().includes(signature.toLowerCase()), 'the dead-letter file must not hold a signature').toBe(false);
      }
      expect(text.includes(sender.secret), 'the dead-letter file must not hold the secret').toBe(false);
      expect(text.toLowerCase().includes('x-webhook-signature'), 'the dead-letter file must not hold the signature header').toBe(false);

      // 2. Listed: the operator sees the delivery, its event and its attempts.
      const store = new DeadLetterStore(file);
      const { entries, corrupt } = await store.list();
      expect(corrupt).toEqual([]);
      const entry = entries.find((e) => e.deliveryId === delivery.result.deadLetter?.deliveryId);
      expect(entry, `the listing must hold ${delivery.result.deadLetter?.deliveryId}`).toBeDefined();
      if (!entry) return;
      expect(entryBody(entry).equals(sent), 'the entry must hold the exact body bytes').toBe(true);
      expect(entry.eventId).toBe(event.id);
      expect(entry.url).toBe(RECEIVER_URL);
      expect(entry.attempts.map((a) => a.status)).toEqual([503, 503, 503, 503]);
      expect(Number.isNaN(Date.parse(entry.exhaustedAt)), 'exhaustedAt must be a timestamp').toBe(false);

      // 3. Replayed: the same bytes, signed again, delivered; the entry leaves the file.
      const time = virtualTime();
      const receiver = simulateReceiver([202], time.now);
      try {
        const { url: _url, body: _body, deadLetterFile: _file, ...options } = deliverOptions(sender, time, { body: sent });
        const { result, removed } = await replayEntry(store, entry, options);
        expect(result.outcome, 'the replay must deliver').toBe('delivered');
        const replayed = receiver.received[0];
        expect(replayed?.body.equals(sent), 'the replay must send the exact bytes of the original').toBe(true);
        expect(replayed?.headers['x-webhook-signature'], 'the replay must be signed over those bytes').toBe(signatureOf(sender.secret, sent));
        expect(removed, 'a delivered replay removes its entry').toBe(true);
      } finally {
        receiver.close();
      }
      expect((await store.list()).entries.some((e) => e.deliveryId === entry.deliveryId), 'the replayed entry must be gone from the file').toBe(false);
    },
  },
  // The spec does not fix the bytes of a retry (a receiver deduplicates by event id): the
  // bundled sender sends the same delivery, byte for byte.
  'same-bytes-every-attempt': {
    formerly: 'WH-SEND-11', title: 'sends the same body bytes and signature on every attempt',
    verify: async (sender) => {
      const sent = Buffer.from(formatJson(paymentEvent({ data: { paymentId: 'pay_ü', amount: 1250, currency: 'EUR', customerReference: 'Zoë ✓' } }), PRETTY), 'utf8');
      const { received } = await sendToSimulated(sender, [503, 503, 503, 202], { body: sent });
      expect(received.length).toBe(4);
      received.forEach((request, i) => {
        expect(request.body.equals(sent), `attempt ${i + 1} must send the body bytes of attempt 1 (got ${request.body.length} bytes, sent ${sent.length})`).toBe(true);
        expect(request.headers['x-webhook-signature'], `attempt ${i + 1} must carry the signature of attempt 1`).toBe(received[0]?.headers['x-webhook-signature']);
      });
    },
  },
  // "64 hexadecimal characters (either case): hex encoding of HMAC with SHA-256 over the raw
  // body bytes, keyed with the shared secret. … Must match `application/json`."
  'signs-the-bytes-it-sends': {
    formerly: 'WH-SEND-12', title: 'signs the exact bytes it sends: application/json and an x-webhook-signature that verifies (property)',
    verify: (sender) => assertSenderProperty(sender, fc.asyncProperty(jsonStyle(), fc.string({ maxLength: 12 }), async (style, reference) => {
      const event = paymentEvent({ data: { paymentId: 'pay_x', amount: 1, currency: 'EUR', customerReference: reference } });
      const sent = Buffer.from(formatJson(event, style), 'utf8');
      const { received } = await sendToSimulated(sender, [503, 202], { body: sent });
      expect(received.length).toBe(2);
      received.forEach((request, i) => expectSignedAsSent(request, sender.secret, sent, i + 1));
    }), 40),
  },
  // The whole table and the delay rule, for any answers and any cap, against a model written straight from the spec.
  'any-answers-any-cap': {
    formerly: 'WH-SEND-13', title: 'for any sequence of answers and any cap, makes the attempts, waits the delays and ends with the outcome of the rules (property)',
    verify: (sender) => assertSenderProperty(sender, fc.asyncProperty(fc.array(anyAnswer, { minLength: 1, maxLength: 10 }), fc.integer({ min: 1, max: 8 }), async (answers, cap) => {
      const expected = model(answers, cap);
      const { result, received, time } = await sendToSimulated(sender, answers, { body: body(), maxAttempts: cap });
      const seen = `answers [${answers.join(', ')}], cap ${cap}: ${received.length} attempts, delays [${time.sleeps.join(', ')}], ${result.outcome}`;
      expect(received.length, `attempts — ${seen}`).toBe(expected.attempts);
      expect(time.sleeps, `delays — ${seen}`).toEqual(expected.delays);
      expect(result.outcome, `outcome — ${seen}`).toBe(expected.outcome);
      const last = answers[Math.min(expected.attempts - 1, answers.length - 1)];
      if (typeof last === 'number') expect(result.response?.status, `the answer returned — ${seen}`).toBe(last);
    }), 120),
  },
} satisfies Record<string, Rule>;

type RuleName = keyof typeof RULES;

/**
 * The rules each deliberate bug of the sender must break: what the self-test asked of
 * WH-SEND-01..13. (WH-SEND-14/15 still catch sender-only-200-is-success,
 * sender-signs-parsed-body and sender-retry-on-4xx against the webhook reference:
 * test/self-test/webhook-faults.ts.)
 */
const FAULT_BREAKS: Readonly<Record<SenderFault, readonly RuleName[]>> = {
  'sender-retry-on-4xx': ['one-attempt-on-4xx', 'any-answers-any-cap'],
  'sender-only-200-is-success': ['stops-at-first-2xx', 'stops-at-2xx-after-5xx', 'any-answers-any-cap'],
  'sender-3xx-as-success': ['retries-5xx-and-3xx', 'any-answers-any-cap'],
  'sender-stop-on-5xx': ['stops-at-2xx-after-5xx', 'retries-5xx-and-3xx', 'cap-4-returns-last', 'delays-250-500-1000', 'delay-ceiling', 'any-answers-any-cap'],
  'sender-no-retry-on-network-error': ['retries-reset', 'retries-timeout', 'any-answers-any-cap'],
  'sender-no-delay-cap': ['delay-ceiling', 'any-answers-any-cap'],
  'sender-delay-after-last': ['delays-250-500-1000', 'delay-ceiling', 'any-answers-any-cap'],
  'sender-off-by-one-cap': ['cap-4-returns-last', 'delays-250-500-1000', 'delay-ceiling', 'any-answers-any-cap'],
  'sender-returns-first-response': ['cap-4-returns-last', 'any-answers-any-cap'],
  'sender-no-dead-letter': ['dead-letter-for-replay'],
  'sender-dead-letter-keeps-headers': ['dead-letter-for-replay'],
  'sender-resign-each-attempt-differently': ['same-bytes-every-attempt', 'signs-the-bytes-it-sends'],
  'sender-signs-parsed-body': ['signs-the-bytes-it-sends'],
  'sender-jitter-on': ['delays-250-500-1000', 'delay-ceiling', 'any-answers-any-cap'],
};

/** Whether an error is, or was caused by, a failed assertion (not a crash of the test's own machinery). */
function isAssertionFailure(error: unknown): boolean {
  for (let e = error; e instanceof Error; e = e.cause) if (e.name === 'AssertionError') return true;
  return false;
}

describe('the bundled sender follows the sender-side delivery rules', () => {
  for (const rule of Object.values(RULES)) {
    it(`${rule.title} (formerly ${rule.formerly})`, () => rule.verify(senderWith([])));
  }
});

describe('each deliberate bug of the sender breaks the rules named for it', () => {
  it('names rules for every fault of the sender', () => {
    expect(Object.keys(FAULT_BREAKS).sort()).toEqual([...SENDER_FAULTS].sort());
  });

  for (const [fault, names] of Object.entries(FAULT_BREAKS) as [SenderFault, readonly RuleName[]][]) {
    it(`${fault} breaks ${names.join(', ')}`, async () => {
      for (const name of names) {
        const outcome = await RULES[name].verify(senderWith([fault])).then(() => 'held', (error: unknown) => error);
        expect(outcome === 'held' ? 'held' : isAssertionFailure(outcome) ? 'failed on an assertion' : String(outcome), `${name} under ${fault}`).toBe('failed on an assertion');
      }
    });
  }
});
