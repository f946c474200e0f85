// The probe API of CONTRACTS.md §4 for the receiver: records and effects per event
// id, payment state per payment id — what black-box HTTP cannot otherwise see.
import type { CheckContext } from '../checks/check.ts';
import { request } from '../http/index.ts';

export interface EventProbe {
  readonly records: number;
  readonly status: 'accepted' | 'processing' | 'completed' | 'failed';
  readonly effects: number;
}

export interface PaymentProbe {
  readonly version: number;
  readonly status: string;
  readonly applied: readonly number[];
}

async function probeJson<T>(ctx: CheckContext, path: string): Promise<T | undefined> {
  const response = await request(ctx.target.baseUrl, { method: 'GET', target: path }, { transcript: ctx.transcript });
  if (response.statusCode === 404) return undefined;
  if (response.statusCode !== 200) throw new Error(`probe ${path} answered ${response.statusCode}: the probe API is not available or broken`);
  return response.json() as T;
}

/** Records and effects for an event id: undefined when no record exists (404). */
export function probeEvent(ctx: CheckContext, eventId: string): Promise<EventProbe | undefined> {
  return probeJson<EventProbe>(ctx, `__probe/events/${encodeURIComponent(eventId)}`);
}

export function probePayment(ctx: CheckContext, paymentId: string): Promise<PaymentProbe | undefined> {
  return probeJson<PaymentProbe>(ctx, `__probe/payments/${encodeURIComponent(paymentId)}`);
}

/** The number of records for an event id (0 when the probe says there is none). */
export async function recordCount(ctx: CheckContext, eventId: string): Promise<number> {
  return (await probeEvent(ctx, eventId))?.records ?? 0;
}

export interface WaitOptions {
  readonly timeoutMs?: number;
  readonly intervalMs?: number;
}

/**
 * Polls the probe until `done` holds for the event or the time is up; returns the
 * last probe read either way, so the check asserts on what was actually seen.
 */
export async function waitForEvent(
  ctx: CheckContext,
  eventId: string,
  done: (probe: EventProbe | undefined) => boolean,
  options: WaitOptions = {},
): Promise<EventProbe | undefined> {
  const deadline = Date.now() + (options.timeoutMs ?? 10_000);
  for (;;) {
    const probe = await probeEvent(ctx, eventId);
    if (done(probe) || Date.now() >= deadline) return probe;
    await new Promise((resolve) => setTimeout(resolve, options.intervalMs ?? 50));
  }
}

/** Settled: completed or failed — no more work will run for the event. */
export function isSettled(probe: EventProbe | undefined): boolean {
  return probe?.status === 'completed' || probe?.status === 'failed';
}
