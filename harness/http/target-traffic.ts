// What every request this process sends to a target carries and obeys: the run's extra
// headers (--header, --secret-header) and its rate limit (--rate-limit). Like the
// response budget, it is set once per process — the wirecheck process, each suite
// process (from the SuiteRun), the Pact process (from its input) — and every client
// reads it at its lowest layer: the raw exchanges and races (exchange.ts,
// last-byte-race.ts), undici's dispatchers (undici-budget.ts, which webdriverio and the
// harness's fetch() calls go through), Pact's request filter and the fingerprint.
import { setTimeout as sleep } from 'node:timers/promises';
import { withHeadersAdded, type ExtraHeader, type HeaderPairs } from './extra-headers.ts';
import { RemotePacer } from './remote-pacer.ts';
import { SendPacer, type Pacer, type RateLimit } from './send-pacer.ts';

/** The part of a run's configuration that shapes its traffic to the target (SuiteRun.traffic). */
export interface TargetTraffic {
  readonly headers: readonly ExtraHeader[];
  /** With `coordinator`, the run's one pacer serves every process (rate-coordinator.ts). */
  readonly rateLimit?: RateLimit & { readonly coordinator?: string };
}

let headers: readonly ExtraHeader[] = [];
let pacer: Pacer | undefined;
let settingKey = '';
/** Time spent waiting for a slot, and since when some request has been waiting (undefined: none is). */
let pacedMs = 0;
let waiting = 0;
let waitingSince = 0;

/**
 * Sets this process's traffic. `own`: the pacer this process holds itself (the
 * wirecheck process's); without it, the run's coordinator is asked, or, when there is
 * none, a pacer of this process's own. Setting the same traffic again keeps the pacer.
 */
export function setTargetTraffic(traffic: TargetTraffic | undefined, own?: Pacer): void {
  const key = JSON.stringify(traffic ?? null);
  if (key === settingKey && own === undefined) return;
  settingKey = key;
  if (pacer instanceof RemotePacer) pacer.close();
  headers = traffic?.headers ?? [];
  const limit = traffic?.rateLimit;
  pacer = own ?? (limit === undefined ? undefined : limit.coordinator ? new RemotePacer(limit.coordinator, limit) : new SendPacer(limit));
}

/** This process's traffic as set, for a process it starts (the Pact process). */
export function targetTraffic(): TargetTraffic {
  const limit = pacer?.limit;
  const coordinator = pacer instanceof RemotePacer ? pacer.address : undefined;
  return { headers, ...(limit ? { rateLimit: { ...limit, ...(coordinator ? { coordinator } : {}) } } : {}) };
}

export function extraHeaders(): readonly ExtraHeader[] {
  return headers;
}

/** A request's own headers with the extra ones it does not set added: its own win. */
export function withExtraHeaders(own: HeaderPairs = []): HeaderPairs {
  return withHeadersAdded(own, headers);
}

/** The values of the secret extra headers: redacted wherever this process writes evidence. */
export function secretHeaderValues(): string[] {
  return headers.filter((h) => h.secret).map((h) => h.value);
}

export function secretHeaderNames(): string[] {
  return headers.filter((h) => h.secret).map((h) => h.name);
}

export function rateLimit(): RateLimit | undefined {
  return pacer?.limit;
}

/**
 * Waits for the slot of `count` requests sent together (1: one request). Rejects with
 * BurstOverLimitError when `count` is more than the limit allows in a window.
 */
export async function awaitSendSlot(count = 1): Promise<void> {
  if (!pacer || count < 1) return;
  const waitMs = await pacer.reserve(count);
  if (waitMs <= 0) return;
  if (waiting === 0) waitingSince = performance.now();
  waiting += 1;
  try {
    await sleep(waitMs);
  } finally {
    waiting -= 1;
    if (waiting === 0) pacedMs += performance.now() - waitingSince;
  }
}

/**
 * Milliseconds this process has spent with a request waiting for its slot: a check's
 * time limit leaves them out (checks/check.ts), so a slow rate limit never fails a check.
 */
export function pacedTime(): number {
  return pacedMs + (waiting > 0 ? performance.now() - waitingSince : 0);
}
