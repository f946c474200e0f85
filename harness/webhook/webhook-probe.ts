// The probe API of CONTRACTS.md §4 for the receiver: records and effects per event
// id, payment state per payment id — what black-box HTTP cannot otherwise see. Every
// answer is held to the contract's shape: a probe that answers something else is
// named as broken, never read as "no record". A record status outside the four the
// spec names is not the probe's shape but the target's record: a failure of the
// target (WH-PROC-04), never a set-up mistake.
import type { CheckContext } from '../checks/check.ts';
import type { RootCause } from '../checks/root-cause.ts';
import { request, type Transcript } from '../http/index.ts';
import { isJsonObject } from '../checks/is-json.ts';

export const RECORD_STATUSES = ['accepted', 'processing', 'completed', 'failed'] as const;
export type RecordStatus = (typeof RECORD_STATUSES)[number];

/** The spec's words naming the record statuses (Accepted-event record, status). */
export const RECORD_STATUSES_QUOTE = 'Default `accepted`. Operators distinguish `accepted`, `processing`, `completed`, `failed`.';

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

/**
 * A record status the spec does not name ("done"): the target's failure, not the probe's
 * shape. The preflight makes it a finding every check that needs the probe fails on;
 * a check that meets it later fails with it. Its root cause is the same wherever found.
 */
export class UnknownRecordStatus extends Error {
  override readonly name = 'UnknownRecordStatus';
  /** One line without the event: what the preflight's finding and every check it fails say. */
  readonly finding: string;
  readonly rootCause: RootCause;

  constructor(status: string, path: string) {
    const finding = `the probe reports the record status ${JSON.stringify(status.slice(0, 100))}, which the spec does not name: `
      + `a record's status is one of ${RECORD_STATUSES.join(', ')} (spec, Accepted-event record: "${RECORD_STATUSES_QUOTE}"; WH-PROC-04)`;
    super(`${finding}. It answered so to GET ${path}`);
    this.finding = finding;
    this.rootCause = { kind: 'prerequisite', description: finding };
  }
}

const isCount = (value: unknown): value is number => Number.isInteger(value) && (value as number) >= 0;

function eventProbeOf(path: string, json: unknown): EventProbe {
  const status = isJsonObject(json) ? json['status'] : undefined;
  if (!isJsonObject(json) || !isCount(json['records']) || !isCount(json['effects']) || typeof status !== 'string') {
    throw new ProbeContractError(`the probe's GET ${path} answered ${JSON.stringify(json)?.slice(0, 200)}: CONTRACTS §4 wants {"records": n, "status": s, "effects": m} with counts n and m and a status string s`);
  }
  // The shape is the probe's; which statuses a record has is the spec's.
  if (!(RECORD_STATUSES as readonly string[]).includes(status)) throw new UnknownRecordStatus(status, path);
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
