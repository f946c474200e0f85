// The delivery loop: one signed body, POSTed until a 2xx, a 4xx or the attempt cap.
// Global fetch (undici) with redirect: 'manual' by default, so that a 3xx is the
// attempt's result (a non-success, retried) rather than a request to some other URL; on
// Node 20 undici hands back the 3xx response itself, with or without Location. With
// --follow-redirects, fetch's own default: a 3xx with a Location is followed within the
// attempt (the spec leaves redirects open), one without is still the attempt's result.
import { setTimeout as sleep } from 'node:timers/promises';
import { delayAfterAttempt } from './backoff.ts';
import { signBody } from './sign.ts';

export interface DeliveryOptions {
  readonly url: string;
  /** The event file's bytes, sent as they are on every attempt. */
  readonly body: Uint8Array;
  readonly secret: string;
  readonly maxAttempts: number;
  readonly attemptTimeoutMs: number;
  readonly baseDelayMs: number;
  readonly followRedirects?: boolean;
  /** Told about each attempt once its result is known, before any delay. */
  readonly onAttempt?: (report: AttemptReport) => void;
}

/** What one attempt came to: the response status, or why no response arrived. */
export type AttemptResult = { readonly status: number } | { readonly error: string };

export interface AttemptRecord {
  readonly attempt: number;
  readonly at: string;
  readonly result: AttemptResult;
}

export interface AttemptReport extends AttemptRecord {
  readonly maxAttempts: number;
  /** The delay before the next attempt, or undefined when none follows. */
  readonly nextDelayMs: number | undefined;
  readonly verdict: Verdict;
}

/** `retry` is this attempt's class; the delivery's outcome turns it into `exhausted` at the cap. */
export type Verdict = 'delivered' | 'rejected' | 'retry';
export type Outcome = 'delivered' | 'rejected' | 'exhausted';

export interface DeliveryResult {
  readonly outcome: Outcome;
  readonly attempts: readonly AttemptRecord[];
}

/** The spec's table: 2xx stops (delivered), 400–499 stops (permanent), everything else is retried. */
export function verdictOf(result: AttemptResult): Verdict {
  if (!('status' in result)) return 'retry';
  if (result.status >= 200 && result.status <= 299) return 'delivered';
  if (result.status >= 400 && result.status <= 499) return 'rejected';
  return 'retry';
}

export async function deliver(options: DeliveryOptions): Promise<DeliveryResult> {
  // Signed once: every attempt carries the same bytes and the same signature.
  const signature = signBody(options.secret, options.body);
  const attempts: AttemptRecord[] = [];
  for (let attempt = 1; attempt <= options.maxAttempts; attempt++) {
    const at = new Date().toISOString();
    const result = await attemptOnce(options, signature);
    const record: AttemptRecord = { attempt, at, result };
    attempts.push(record);
    const verdict = verdictOf(result);
    const last = verdict !== 'retry' || attempt === options.maxAttempts;
    const nextDelayMs = last ? undefined : delayAfterAttempt(attempt, options.baseDelayMs);
    options.onAttempt?.({ ...record, maxAttempts: options.maxAttempts, nextDelayMs, verdict });
    if (verdict !== 'retry') return { outcome: verdict, attempts };
    // No delay follows the final attempt: the cap returns at once.
    if (nextDelayMs !== undefined) await sleep(nextDelayMs);
  }
  return { outcome: 'exhausted', attempts };
}

async function attemptOnce(options: DeliveryOptions, signature: string): Promise<AttemptResult> {
  try {
    const response = await fetch(options.url, {
      method: 'POST',
      body: options.body,
      headers: {
        'content-type': 'application/json',
        'x-webhook-signature': signature,
        // One connection per attempt: no idle keep-alive socket outlives the last attempt,
        // and a retry never lands on a connection the receiver is about to close.
        connection: 'close',
      },
      redirect: options.followRedirects ? 'follow' : 'manual',
      // Covers connecting, sending and the response head; the status decides the attempt.
      signal: AbortSignal.timeout(options.attemptTimeoutMs),
    });
    // The body is not needed (the status decides) and is never printed: a receiver could
    // echo the signature into it. Cancelling releases the connection.
    await response.body?.cancel().catch(() => undefined);
    return { status: response.status };
  } catch (err) {
    return { error: describeFailure(err, options.attemptTimeoutMs) };
  }
}

/** A short, secret-free reason: undici's `fetch failed` TypeError carries the socket error as its cause. */
function describeFailure(err: unknown, timeoutMs: number): string {
  if (err instanceof Error && err.name === 'TimeoutError') return `timeout after ${timeoutMs} ms`;
  const cause = err instanceof Error ? err.cause : undefined;
  const source = cause instanceof Error ? cause : err;
  if (source instanceof Error) {
    const code = (source as NodeJS.ErrnoException).code;
    return code ? `${code}: ${source.message}` : source.message;
  }
  return String(source);
}
