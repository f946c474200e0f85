// The bundled webhook sender ("Sender-side delivery rules"): signs the exact body
// bytes, POSTs them, and repeats until an answer ends the delivery or the attempt cap
// is reached. An exhausted delivery is written to the dead-letter file for replay.
import { signatureOf } from '../sign.ts';
import { HARNESS_VERSION } from '../../version.ts';
import { DEAD_LETTER_SCHEMA, eventIdOf, newDeliveryId, type DeadLetterEntry } from './dead-letter-entry.ts';
import { DeadLetterStore, DEFAULT_DEAD_LETTER_FILE } from './dead-letter-store.ts';
import type { AttemptRecord, DeliveryOutcome, DeliveryResult } from './delivery-result.ts';
import { postOnce, type PostResult } from './post-once.ts';
import { backoffDelayMs, DEFAULT_MAX_ATTEMPTS, DEFAULT_TIMEOUT_MS, jitteredDelayMs, verdictOf } from './retry-schedule.ts';
import { senderFaultSet, type SenderFault } from './sender-faults.ts';
import { deliveryUrlOf, integerProblem, MAX_ATTEMPTS_RANGE, TIMEOUT_MS_RANGE } from './sender-limits.ts';

export interface AttemptReport {
  readonly record: AttemptRecord;
  /** What was sent. The headers hold the signature: redact before showing them. */
  readonly request: { readonly url: string; readonly headers: Readonly<Record<string, string>>; readonly body: Buffer };
  readonly result: PostResult;
}

export interface DeliverOptions {
  /** The receiver's full delivery URL, e.g. https://host/webhooks/payments. */
  readonly url: string | URL;
  readonly secret: string;
  /** Sent and signed exactly as given, on every attempt. */
  readonly body: Uint8Array;
  /** Attempt cap; default 4 (Limits). */
  readonly maxAttempts?: number;
  /** Per attempt, until the whole answer is in; default 10 000 ms. */
  readonly timeoutMs?: number;
  /** Equal jitter on each delay (see jitteredDelayMs); default off, as in the spec's rule. */
  readonly jitter?: boolean;
  /** Where an exhausted delivery is written; default ./wirecheck-dead-letters.jsonl; null: nowhere (a replay updates its own entry). */
  readonly deadLetterFile?: string | null;
  /** Injectable for exact tests: the wait between attempts, the clock, jitter's random source. */
  readonly sleep?: (ms: number) => Promise<void>;
  readonly now?: () => number;
  readonly random?: () => number;
  /** Called after each attempt, once the delay that follows it is known. */
  readonly onAttempt?: (report: AttemptReport) => void;
  /** Self-test only: deliberate bugs (sender-faults.ts). */
  readonly faults?: readonly string[];
}

interface Plan {
  readonly url: URL;
  readonly secret: string;
  readonly body: Buffer;
  readonly cap: number;
  readonly timeoutMs: number;
  readonly jitter: boolean;
  readonly deadLetterFile: string | null;
  readonly sleep: (ms: number) => Promise<void>;
  readonly now: () => number;
  readonly random: () => number;
  readonly onAttempt?: (report: AttemptReport) => void;
  readonly faults: ReadonlySet<SenderFault>;
}

const USER_AGENT = `wirecheck-sender/${HARNESS_VERSION}`;
// Global setTimeout (not timers/promises) so that fake timers can drive it.
const realSleep = (ms: number) => new Promise<void>((done) => setTimeout(done, ms));

function planOf(options: DeliverOptions): Plan {
  const url = deliveryUrlOf(String(options.url));
  const faults = senderFaultSet(options.faults);
  const maxAttempts = options.maxAttempts ?? DEFAULT_MAX_ATTEMPTS;
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const problems = [
    typeof url === 'string' ? url : undefined,
    options.secret ? undefined : 'secret must not be empty',
    integerProblem('maxAttempts', maxAttempts, MAX_ATTEMPTS_RANGE),
    integerProblem('timeoutMs', timeoutMs, TIMEOUT_MS_RANGE),
  ].filter((p): p is string => p !== undefined);
  if (problems.length > 0 || typeof url === 'string') throw new RangeError(`deliver: ${problems.join('; ')}`);
  return {
    url, secret: options.secret, body: Buffer.from(options.body), timeoutMs,
    cap: maxAttempts + (faults.has('sender-off-by-one-cap') ? 1 : 0),
    jitter: options.jitter ?? faults.has('sender-jitter-on'),
    deadLetterFile: options.deadLetterFile === undefined ? DEFAULT_DEAD_LETTER_FILE : options.deadLetterFile,
    sleep: options.sleep ?? realSleep, now: options.now ?? Date.now, random: options.random ?? Math.random,
    faults, ...(options.onAttempt ? { onAttempt: options.onAttempt } : {}),
  };
}

function reserialized(body: Buffer): Buffer {
  try {
    return Buffer.from(JSON.stringify(JSON.parse(body.toString('utf8'))), 'utf8');
  } catch {
    return body;
  }
}

/** The bytes sent and the bytes signed: the same, exact bytes — unless a fault says otherwise. */
function bytesOf(plan: Plan, attempt: number): { sent: Buffer; signed: Buffer } {
  const sent = attempt > 1 && plan.faults.has('sender-resign-each-attempt-differently') ? reserialized(plan.body) : plan.body;
  return { sent, signed: plan.faults.has('sender-signs-parsed-body') ? reserialized(sent) : sent };
}

function delayAfter(plan: Plan, attempt: number): number {
  const delay = backoffDelayMs(attempt, { uncapped: plan.faults.has('sender-no-delay-cap') });
  return plan.jitter ? jitteredDelayMs(delay, plan.random) : delay;
}

async function attemptOnce(plan: Plan, attempt: number): Promise<{ record: AttemptRecord; result: PostResult; headers: Record<string, string> }> {
  const { sent, signed } = bytesOf(plan, attempt);
  const headers = { 'Content-Type': 'application/json', 'x-webhook-signature': signatureOf(plan.secret, signed), 'User-Agent': USER_AGENT };
  const started = plan.now();
  const result = await postOnce(plan.url, headers, sent, plan.timeoutMs);
  const verdict = verdictOf('response' in result ? { status: result.response.status } : { error: result.failure.code }, plan.faults);
  const record: AttemptRecord = {
    attempt,
    startedAt: new Date(started).toISOString(),
    durationMs: Math.max(0, plan.now() - started),
    ...('response' in result ? { status: result.response.status } : { error: `${result.failure.code}: ${result.failure.message}` }),
    verdict,
    ...(verdict === 'retry' && attempt < plan.cap ? { delayAfterMs: delayAfter(plan, attempt) } : {}),
  };
  plan.onAttempt?.({ record, request: { url: plan.url.toString(), headers, body: sent }, result });
  return { record, result, headers };
}

export async function deliver(options: DeliverOptions): Promise<DeliveryResult> {
  const plan = planOf(options);
  const attempts: AttemptRecord[] = [];
  const results: PostResult[] = [];
  for (let attempt = 1; ; attempt++) {
    const { record, result, headers } = await attemptOnce(plan, attempt);
    attempts.push(record);
    results.push(result);
    // 1. A 2xx ends the delivery; 2. so does a permanent rejection (4xx).
    if (record.verdict !== 'retry') return ended(record.verdict === 'success' ? 'delivered' : 'rejected', attempts, result);
    // 3. Any other result: wait, then try again while attempts remain.
    if (record.delayAfterMs !== undefined) {
      await plan.sleep(record.delayAfterMs);
      continue;
    }
    // 4. Cap reached: no delay follows the final attempt; the last answer is returned.
    if (plan.faults.has('sender-delay-after-last')) await plan.sleep(delayAfter(plan, attempt));
    const returned = plan.faults.has('sender-returns-first-response') ? (results[0] ?? result) : result;
    return exhausted(plan, attempts, returned, headers);
  }
}

function ended(outcome: DeliveryOutcome, attempts: readonly AttemptRecord[], result: PostResult): DeliveryResult {
  return { outcome, attempts, ...('response' in result ? { response: result.response } : {}) };
}

async function exhausted(plan: Plan, attempts: readonly AttemptRecord[], result: PostResult, headers: Record<string, string>): Promise<DeliveryResult> {
  const base = ended('exhausted', attempts, result);
  if (plan.deadLetterFile === null || plan.faults.has('sender-no-dead-letter')) return base;
  const entry: DeadLetterEntry = {
    schema: DEAD_LETTER_SCHEMA,
    deliveryId: newDeliveryId(),
    url: plan.url.toString(),
    eventId: eventIdOf(plan.body),
    body: plan.body.toString('base64'),
    attempts,
    exhaustedAt: new Date(plan.now()).toISOString(),
    ...(plan.faults.has('sender-dead-letter-keeps-headers') ? { headers } : {}),
  };
  const store = new DeadLetterStore(plan.deadLetterFile);
  await store.append(entry);
  return { ...base, deadLetter: { deliveryId: entry.deliveryId, file: store.file } };
}
