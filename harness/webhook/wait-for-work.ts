// Waiting for an accepted event's business work. The spec bounds no completion time
// ("It does not mean the business work has finished."), so a wait follows progress:
// it goes on while the receiver visibly completes work — this event's status moving,
// or the events acknowledged before it settling, which a FIFO worker does first — and
// ends once nothing moved for the run's work budget (--work-timeout). The wait that
// ends so leaves its reason in the run's ledger; a later wait that sees nothing moved
// since fails at once with that reason: one root cause, named once, instead of every
// check waiting out its budget.
import { setTimeout as sleep } from 'node:timers/promises';
import type { CheckContext } from '../checks/check.ts';
import type { RootCause } from '../checks/root-cause.ts';
import { pacedTime } from '../http/target-traffic.ts';
import { DEFAULT_WORK_TIMEOUT_MS } from '../target/target-info.ts';
import { workLedger, type StuckWork, type WorkLedger } from './work-ledger.ts';
import { isSettled, webhookProbe, type EventProbe, type WebhookProbe } from './webhook-probe.ts';

const POLL_MS = 10;
/** How often the events ahead are looked at, and how many of them. */
const LOOK_MS = 400;
const FRONTIER = 16;

/**
 * The wait's clock: time, less what this process spent waiting for --rate-limit's slots.
 * Under a low rate the probe is read seldom, and the first look at the events ahead
 * takes many slots; by the wall clock that would look like "nothing moved" while the
 * worker was never watched. A stuck worker is still found, later by the waits.
 */
const watchedTime = (): number => Date.now() - pacedTime();

/**
 * The limit of a check that waits for business work: a safety net only. Such a wait
 * ends by the progress rule above, so a slow worker with a backlog is waited for as
 * long as it keeps completing work.
 */
export const WORK_CHECK_LIMIT_MS = 600_000;

/** The receiver's business work shows no progress: the root cause every dependent check names. */
export class WorkStuckError extends Error {
  override readonly name = 'WorkStuckError';
  /** The same for the wait that found the work stuck and every wait after it: the reports group their checks under it. */
  readonly rootCause: RootCause;

  constructor(message: string, stuckReason: string) {
    super(message);
    this.rootCause = { kind: 'stuck-work', description: `business work does not complete: ${stuckReason}` };
  }
}

export interface WorkWatch {
  readonly probe: WebhookProbe;
  readonly ledger: WorkLedger;
  readonly budgetMs: number;
}

/** What a wait sees move: the record's status and its effect count. */
function statusOf(probe: EventProbe | undefined): string {
  return probe ? `${probe.status}, ${probe.effects} effect(s)` : 'no record';
}

/** Looks at the oldest pending events once (a FIFO worker's next ones): their statuses now; notes which settled. */
async function lookAhead(watch: WorkWatch, except: string): Promise<Map<string, string>> {
  const frontier = watch.ledger.pending().filter((id) => id !== except).slice(0, FRONTIER);
  const seen = new Map<string, string>();
  const settled: string[] = [];
  for (const id of frontier) {
    const probe = await watch.probe.event(id, { quiet: true });
    seen.set(id, statusOf(probe));
    if (isSettled(probe)) settled.push(id);
  }
  watch.ledger.settle(settled);
  return seen;
}

function changedSince(before: Readonly<Record<string, string>> | Map<string, string>, now: Map<string, string>): boolean {
  const old = before instanceof Map ? before : new Map(Object.entries(before));
  return [...now].some(([id, status]) => old.has(id) && old.get(id) !== status);
}

/** A wait that starts after the work was found stuck: fails at once unless something moved since. */
async function recheck(watch: WorkWatch, stuck: StuckWork, eventId: string): Promise<void> {
  const now = await lookAhead(watch, '');
  const probe = await watch.probe.event(eventId, { quiet: true });
  now.set(eventId, statusOf(probe));
  if (changedSince(stuck.statuses, now) || isSettled(probe)) {
    watch.ledger.markStuck(undefined);
    return;
  }
  throw new WorkStuckError(`business work does not complete (found earlier in this run: ${stuck.reason})`, stuck.reason);
}

/**
 * Waits until the event's work settled (an effect counted, or the record completed or
 * failed) and returns that probe; throws WorkStuckError once no work progressed for
 * the budget.
 */
export async function waitUntilSettled(
  watch: WorkWatch, eventId: string, what = `event ${eventId}`, onRead: (probe: EventProbe | undefined) => void = () => {},
): Promise<EventProbe> {
  const stuck = watch.ledger.stuck();
  if (stuck) await recheck(watch, stuck, eventId);
  let lastProgress = watchedTime();
  let lastLook = 0;
  let ownStatus: string | undefined;
  let ahead = new Map<string, string>();
  for (;;) {
    const probe = await watch.probe.event(eventId, { quiet: true });
    onRead(probe);
    if (isSettled(probe)) {
      watch.ledger.settle([eventId]);
      // Once more, on the record: the transcript shows the answer the check judges.
      return (await watch.probe.event(eventId)) ?? (probe as EventProbe);
    }
    if (statusOf(probe) !== ownStatus) {
      ownStatus = statusOf(probe);
      lastProgress = watchedTime();
    }
    if (watchedTime() - lastLook >= LOOK_MS) {
      const now = await lookAhead(watch, eventId);
      if (changedSince(ahead, now) || [...ahead.keys()].some((id) => !now.has(id))) lastProgress = watchedTime();
      ahead = now;
      lastLook = watchedTime();
    }
    if (watchedTime() - lastProgress >= watch.budgetMs) {
      const pending = ahead.size;
      const reason = `no business work progressed for ${watch.budgetMs / 1000} s (--work-timeout): ${what} is still at "${ownStatus}"`
        + (pending > 0 ? `, and none of the ${pending} other events still pending moved` : '');
      watch.ledger.markStuck({ reason, statuses: { ...Object.fromEntries(ahead), [eventId]: ownStatus ?? 'no record' } });
      throw new WorkStuckError(reason, reason);
    }
    await sleep(POLL_MS);
  }
}

export function workWatch(ctx: CheckContext): WorkWatch {
  return { probe: webhookProbe(ctx), ledger: workLedger(ctx.run.scratchDir), budgetMs: ctx.run.workTimeoutMs ?? DEFAULT_WORK_TIMEOUT_MS };
}

/** The events' work, each settled, in order (see waitUntilSettled). */
export async function settledEach(ctx: CheckContext, eventIds: readonly string[]): Promise<EventProbe[]> {
  const watch = workWatch(ctx);
  const settled: EventProbe[] = [];
  for (const id of eventIds) settled.push(await waitUntilSettled(watch, id));
  return settled;
}

export async function settled(ctx: CheckContext, eventId: string): Promise<EventProbe> {
  return waitUntilSettled(workWatch(ctx), eventId);
}

/** Notes the events the receiver acknowledged, so later waits can see the work ahead of theirs. */
export function noteAcknowledged(ctx: CheckContext, eventIds: readonly string[]): void {
  workLedger(ctx.run.scratchDir).acknowledge(eventIds);
}
