// The receiving side of the sender's unit tests, simulated with nock (DESIGN: mocks only
// where the other side is the thing being simulated): answers the sender's attempts
// in turn with a scripted sequence and records each request as it arrived.
import nock from 'nock';

export const RECEIVER_ORIGIN = 'http://receiver.wirecheck.test';
export const RECEIVER_PATH = '/webhooks/payments';
export const RECEIVER_URL = `${RECEIVER_ORIGIN}${RECEIVER_PATH}`;

/** One attempt's fate: a status, a connection reset, or no answer at all (a hang, for timeouts). */
export type Answer = number | 'reset' | 'hang';

export interface ReceivedRequest {
  /** The sender's clock when the request arrived. */
  readonly at: number;
  readonly body: Buffer;
  readonly headers: Readonly<Record<string, string | string[] | undefined>>;
}

export interface SimulatedReceiver {
  readonly received: readonly ReceivedRequest[];
  close(): void;
}

// Enough for any cap the tests use, with room to see a sender that makes too many attempts.
const LAST_ANSWER_REPEATS = 64;
const HANG_MS = 60_000;

/**
 * nock hands over the body as UTF-8 text when the bytes survive the round trip, else as
 * hex. JSON bodies are never all hex digits, so the two cannot be confused here.
 */
function bodyBytes(text: string): Buffer {
  if (/^(?:[0-9a-f]{2})+$/.test(text)) {
    const decoded = Buffer.from(text, 'hex');
    if (!Buffer.from(decoded.toString('utf8'), 'utf8').equals(decoded)) return decoded;
  }
  return Buffer.from(text, 'utf8');
}

function answerBody(status: number, attempt: number): string {
  return status === 204 || status === 304 ? '' : JSON.stringify({ status, attempt });
}

function intercept(scope: nock.Scope, answer: Answer, times: number, counter: { n: number }): void {
  const interceptor = scope.post(RECEIVER_PATH).times(times);
  if (answer === 'reset') {
    // An Error instance: nock 14 destroys the request with it (a plain object is never emitted).
    interceptor.replyWithError(Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' }));
  } else if (answer === 'hang') {
    interceptor.delay(HANG_MS).reply(202, '{"received":true}');
  } else {
    interceptor.reply(() => [answer, answerBody(answer, counter.n), { 'Content-Type': 'application/json' }]);
  }
}

/** Answers attempt i with answers[i]; every attempt after the last scripted one gets the last answer again. */
export function simulateReceiver(answers: readonly Answer[], clock: () => number): SimulatedReceiver {
  if (answers.length === 0) throw new Error('simulateReceiver needs at least one answer');
  const received: ReceivedRequest[] = [];
  const counter = { n: 0 };
  const scope = nock(RECEIVER_ORIGIN);
  scope.on('request', (req: { headers: Record<string, string | string[] | undefined> }, _interceptor: unknown, body: string) => {
    counter.n += 1;
    received.push({ at: clock(), body: bodyBytes(body), headers: { ...req.headers } });
  });
  answers.forEach((answer, i) => intercept(scope, answer, i === answers.length - 1 ? LAST_ANSWER_REPEATS : 1, counter));
  return {
    received,
    close: () => {
      nock.abortPendingRequests();
      nock.cleanAll();
    },
  };
}
