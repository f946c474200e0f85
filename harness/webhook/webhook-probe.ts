// The probe API of CONTRACTS.md §4 for the receiver: records and effects per event
// id, payment state per payment id — what black-box HTTP cannot otherwise see. Every
// answer is held to the contract's shape: a probe that answers something else is
// named as broken, never read as "no record".
import type { CheckContext } from '../checks/check.ts';
import { request, type Transcript } from '../http/index.ts';
import { isJsonObject } from '../checks/is-json.ts';

export const RECORD_STATUSES = ['accepted', 'processing', 'completed', 'failed'] as const;
export type RecordStatus = (typeof RECORD_STATUSES)[number];

export interface EventProbe {
  readonly records: number;
  readonly status: RecordStatus;
  readonly effects: number;
}

export interface PaymentProbe {
  readonly version: number;
  readonly status: string;
  readonly applied: readonly number[];
}

/** A probe answer outside CONTRACTS §4: the probe is broken, whatever the target did. */
export class ProbeContractError extends Error {
  override readonly name = 'ProbeContractError';
}

const isCount = (value: unknown): value is number => Number.isInteger(value) && (value as number) >= 0;

function eventProbeOf(path: string, json: unknown): EventProbe {
  if (!isJsonObject(json) || !isCount(json['records']) || !isCount(json['effects'])) {
    throw new ProbeContractError(`the probe's GET ${path} answered ${JSON.stringify(json)?.slice(0, 200)}: CONTRACTS §4 wants {"records": n, "status": s, "effects": m} with counts n and m`);
  }
  const status = json['status'];
  if (!(RECORD_STATUSES as readonly unknown[]).includes(status)) {
    throw new ProbeContractError(`the probe's GET ${path} reports status ${JSON.stringify(status)}, which CONTRACTS §4 does not know: it must be one of ${RECORD_STATUSES.join(', ')}`);
  }
  return { records: json['records'], status: status as RecordStatus, effects: json['effects'] };
}

function paymentProbeOf(path: string, json: unknown): PaymentProbe {
  const applied = isJsonObject(json) ? json['applied'] : undefined;
  if (!isJsonObject(json) || !Number.isInteger(json['version']) || typeof json['status'] !== 'string' || !Array.isArray(applied) || !applied.every(Number.isInteger)) {
    throw new ProbeContractError(`the probe's GET ${path} answered ${JSON.stringify(json)?.slice(0, 200)}: CONTRACTS §4 wants {"version": v, "status": s, "applied": [v1, ...]}`);
  }
  return { version: json['version'] as number, status: json['status'], applied: applied as number[] };
}

/** The receiver's probe routes at one base URL. */
export class WebhookProbe {
  constructor(private readonly baseUrl: string, private readonly transcript?: Transcript) {}

  private async read<T>(path: string, shape: (path: string, json: unknown) => T, transcript = this.transcript): Promise<T | undefined> {
    const response = await request(this.baseUrl, { method: 'GET', target: path }, transcript ? { transcript } : {});
    if (response.statusCode === 404) return undefined;
    if (response.statusCode !== 200) throw new ProbeContractError(`the probe's GET ${path} answered ${response.statusCode}: the probe API is not available or broken (CONTRACTS §4: 200, or 404 when there is none)`);
    let json: unknown;
    try {
      json = response.json();
    } catch {
      throw new ProbeContractError(`the probe's GET ${path} answered 200 with a body that is not JSON`);
    }
    return shape(path, json);
  }

  /** Records and effects for an event id: undefined when no record exists (404). */
  event(eventId: string, options: { quiet?: boolean } = {}): Promise<EventProbe | undefined> {
    const path = `__probe/events/${encodeURIComponent(eventId)}`;
    return this.read(path, eventProbeOf, options.quiet ? undefined : this.transcript);
  }

  payment(paymentId: string): Promise<PaymentProbe | undefined> {
    return this.read(`__probe/payments/${encodeURIComponent(paymentId)}`, paymentProbeOf);
  }

  /** Arms the optional fail switch: true when the target has one (204), false when it has none (404). */
  async failNextCommit(): Promise<boolean> {
    const response = await request(this.baseUrl, { method: 'POST', target: '__probe/fail-next-commit', headers: [['Content-Length', '0']] }, this.transcript ? { transcript: this.transcript } : {});
    if (response.statusCode === 404) return false;
    if (response.statusCode !== 204) throw new ProbeContractError(`the probe's POST __probe/fail-next-commit answered ${response.statusCode}: CONTRACTS §4 wants 204, or 404 where there is no fail switch`);
    return true;
  }
}

export function webhookProbe(ctx: CheckContext): WebhookProbe {
  return new WebhookProbe(ctx.target.baseUrl, ctx.transcript);
}

/** Records and effects for an event id: undefined when no record exists (404). */
export function probeEvent(ctx: CheckContext, eventId: string): Promise<EventProbe | undefined> {
  return webhookProbe(ctx).event(eventId);
}

export function probePayment(ctx: CheckContext, paymentId: string): Promise<PaymentProbe | undefined> {
  return webhookProbe(ctx).payment(paymentId);
}

/** How long a positive control gives an acknowledged event's record to show in the probe. */
export const RECORD_VISIBLE_MS = 2_000;

/** Whether the probe shows the event's record within a short while (a positive control, not a judged behaviour). */
export async function recordAppears(probe: WebhookProbe, eventId: string, withinMs = RECORD_VISIBLE_MS): Promise<boolean> {
  const deadline = Date.now() + withinMs;
  for (;;) {
    if ((await probe.event(eventId))?.records) return true;
    if (Date.now() >= deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** The number of records for an event id (0 when the probe says there is none). */
export async function recordCount(ctx: CheckContext, eventId: string): Promise<number> {
  return (await probeEvent(ctx, eventId))?.records ?? 0;
}

/**
 * Settled: the business work ran to completion (an effect counted), or the record says
 * no more work will run (completed, failed). The spec does not show how a record's
 * status moves, so an effect alone is enough.
 */
export function isSettled(probe: EventProbe | undefined): boolean {
  return probe !== undefined && (probe.effects > 0 || probe.status === 'completed' || probe.status === 'failed');
}
