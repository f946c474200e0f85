// Exactly-once, observed: every id is read through the probe API (CONTRACTS §4), a
// few at a time, until its business work has settled or the time is up.
import { setTimeout as sleep } from 'node:timers/promises';

export interface EventProbe {
  readonly records: number;
  readonly status: string;
  readonly effects: number;
}

export async function probeEvent(baseUrl: string, id: string): Promise<EventProbe | undefined> {
  const response = await fetch(new URL(`/__probe/events/${encodeURIComponent(id)}`, baseUrl));
  if (response.status === 404) { await response.arrayBuffer(); return undefined; }
  if (response.status !== 200) throw new Error(`probe of ${id} answered ${response.status}`);
  return (await response.json()) as EventProbe;
}

export interface ExactlyOnceReport {
  /** ids expected to have one record and one effect */
  readonly checked: number;
  readonly ok: number;
  readonly missing: string[];
  readonly wrong: Array<{ id: string; probe: EventProbe }>;
  /** ids that must have no record */
  readonly checkedAbsent: number;
  readonly recordedButRejected: string[];
}

async function inLanes<T>(items: readonly T[], lanes: number, fn: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(Array.from({ length: Math.min(lanes, items.length) }, async () => {
    while (next < items.length) await fn(items[next++] as T);
  }));
}

const settled = (p: EventProbe | undefined) => p !== undefined && (p.status === 'completed' || p.status === 'failed');

/**
 * Waits (at most timeoutMs in all) until each accepted id has settled, then checks
 * one record and one effect for it, and no record for each rejected id.
 */
export async function checkExactlyOnce(baseUrl: string, accepted: readonly string[], rejected: readonly string[], options: { timeoutMs?: number; lanes?: number } = {}): Promise<ExactlyOnceReport> {
  const deadline = Date.now() + (options.timeoutMs ?? 120_000);
  const lanes = options.lanes ?? 16;
  const missing: string[] = [];
  const wrong: Array<{ id: string; probe: EventProbe }> = [];
  let ok = 0;
  await inLanes(accepted, lanes, async (id) => {
    let probe = await probeEvent(baseUrl, id);
    while (!settled(probe) && Date.now() < deadline) {
      await sleep(100);
      probe = await probeEvent(baseUrl, id);
    }
    if (!probe) missing.push(id);
    else if (probe.records === 1 && probe.effects === 1 && probe.status === 'completed') ok += 1;
    else wrong.push({ id, probe });
  });
  const recordedButRejected: string[] = [];
  await inLanes(rejected, lanes, async (id) => {
    if (await probeEvent(baseUrl, id)) recordedButRejected.push(id);
  });
  return { checked: accepted.length, ok, missing, wrong, checkedAbsent: rejected.length, recordedButRejected };
}

export function exactlyOnceHolds(report: ExactlyOnceReport): boolean {
  return report.ok === report.checked && report.recordedButRejected.length === 0;
}

/** The report without long id lists (first few kept), for a results file. */
export function summarize(report: ExactlyOnceReport): Record<string, unknown> {
  return {
    checked: report.checked, ok: report.ok, missing: report.missing.length, wrong: report.wrong.length,
    checkedAbsent: report.checkedAbsent, recordedButRejected: report.recordedButRejected.length,
    examples: { missing: report.missing.slice(0, 5), wrong: report.wrong.slice(0, 5), recordedButRejected: report.recordedButRejected.slice(0, 5) },
  };
}

export interface AbsentOrOnceReport {
  readonly checked: number;
  readonly absent: number;
  readonly once: number;
  readonly wrong: Array<{ id: string; probe: EventProbe }>;
}

/** For deliveries whose answer was lost: no record, or (once settled) exactly one record and one effect. */
export async function checkAbsentOrOnce(baseUrl: string, ids: readonly string[], options: { timeoutMs?: number; lanes?: number } = {}): Promise<AbsentOrOnceReport> {
  const deadline = Date.now() + (options.timeoutMs ?? 60_000);
  let absent = 0;
  let once = 0;
  const wrong: Array<{ id: string; probe: EventProbe }> = [];
  await inLanes(ids, options.lanes ?? 16, async (id) => {
    let probe = await probeEvent(baseUrl, id);
    while (probe && !settled(probe) && Date.now() < deadline) {
      await sleep(100);
      probe = await probeEvent(baseUrl, id);
    }
    if (!probe) absent += 1;
    else if (probe.records === 1 && probe.effects === 1 && probe.status === 'completed') once += 1;
    else wrong.push({ id, probe });
  });
  return { checked: ids.length, absent, once, wrong };
}
