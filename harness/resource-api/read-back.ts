// The follow-up read of a check that judges another rule than durability — a media
// type taken as JSON, an ETag that follows the change, a precondition — after a 2xx
// PATCH. Such a check relies on the read right after showing what the PATCH wrote, and
// a late commit breaks that as surely as the check's own rule could: a service that
// answers first and commits a moment later (204 rules 4; RA-DUR-01 judges it) would
// fail the check in the name of a rule it keeps. So when that read does not show the
// value, the check controls for it before it judges:
// 1. it waits for the value (SETTLE_MS);
// 2. it makes the control: a plain application/json PATCH, read back the same way (a
//    fresh connection right after the answer), there and back again;
// 3. the value showed late: the check judges its own rule on the state once it showed,
//    and says why the read right after missed it — a 204 before the commit, which the
//    control shows for plain PATCHes too (or not: then only this request's answer came
//    early) — naming RA-DUR-01 and rule 4, never failing or warning on its own rule for
//    it. The value never showed: the check judges that (its rule is broken: the body was
//    not taken, the change not made) — unless the control's changes never show either,
//    which no rule of the check explains: it is skipped, naming RA-PREF-03 and rule 4.
// The control's PATCHes change the ETag, so a check goes on from `current`.
import { setTimeout as sleep } from 'node:timers/promises';
import type { CheckContext } from '../checks/check.ts';
import { readPreferences, type PreferencesRead } from './api-state.ts';
import type { ResourceApiClient } from './resource-api-client.ts';

/** How long a change a read right after missed is waited for. */
export const SETTLE_MS = 2_000;
const POLL_MS = 20;

/** The rule a late commit breaks, in the spec's words: what every check that meets one names. */
export const LATE_COMMIT_RULE = '204 rules 4: "A 204 is returned only after the change is durably committed."';

/** Reads until `shows` holds or `withinMs` passes: the last value, and when it showed (ms after the first read began). */
export async function untilShown<R>(read: () => Promise<R>, shows: (value: R) => boolean, withinMs = SETTLE_MS): Promise<{ value: R; afterMs?: number }> {
  const started = performance.now();
  for (;;) {
    const value = await read();
    const elapsed = performance.now() - started;
    if (shows(value)) return { value, afterMs: elapsed };
    if (elapsed >= withinMs) return { value };
    await sleep(POLL_MS);
  }
}

interface Control {
  /** Control PATCHes answered 2xx. */
  readonly made: number;
  /** Of those, the ones whose read right after missed the change. */
  readonly missed: number;
  /** Of those, the ones whose change had not shown SETTLE_MS later. */
  readonly lost: number;
}

/** Plain application/json PATCHes to `!written` and back to `written`, each read back the same way. */
async function plainControl(ctx: CheckContext, client: ResourceApiClient, written: boolean): Promise<Control> {
  ctx.transcript.note('control: plain application/json PATCHes, each read back the same way (a fresh connection right after the answer)');
  let made = 0;
  let missed = 0;
  let lost = 0;
  for (const value of [!written, written]) {
    const patch = await client.patchPreferences(value);
    if (patch.statusCode < 200 || patch.statusCode > 299) continue;
    made += 1;
    if ((await readPreferences(client)).weeklyDigest === value) continue;
    missed += 1;
    const { afterMs } = await untilShown(() => readPreferences(client), (r) => r.weeklyDigest === value);
    if (afterMs === undefined) lost += 1;
  }
  return { made, missed, lost };
}

export interface AfterWrite {
  /** The first read that showed the value written: the read right after, when nothing was late; else the stale read, when the value never showed. */
  readonly shown: PreferencesRead;
  /** Whether `shown` holds the value written. */
  readonly holds: boolean;
  /** The preferences to go on from (after the control, when there was one: its PATCHes changed the ETag). */
  readonly current: PreferencesRead;
}

/**
 * The preferences after a 2xx PATCH (`what`) that wrote `written`, as a check judging
 * another rule may rely on them (see the top of this file).
 */
export async function preferencesAfterWrite(ctx: CheckContext, client: ResourceApiClient, written: boolean, what: string): Promise<AfterWrite> {
  const first = await readPreferences(client);
  if (first.weeklyDigest === written) return { shown: first, holds: true, current: first };
  const settled = await untilShown(() => readPreferences(client), (r) => r.weeklyDigest === written);
  const control = await plainControl(ctx, client, written);
  const current = await readPreferences(client);
  if (settled.afterMs === undefined) {
    if (control.lost > 0) {
      ctx.skip(`not judged: ${what} was answered with a success, and weeklyDigest had not become ${written} ${SETTLE_MS / 1000} s later; `
        + `the control, a plain application/json PATCH read back the same way, had not shown its change ${SETTLE_MS / 1000} s later either (${control.lost} of ${control.made}): `
        + `writes that do not land (RA-PREF-03; ${LATE_COMMIT_RULE}), whatever this check's rule says`);
    }
    ctx.transcript.note(`${what}: weeklyDigest had not become ${written} ${SETTLE_MS / 1000} s later, where the control's plain application/json PATCHes showed theirs`);
    return { shown: settled.value, holds: false, current };
  }
  const late = `${what}: the read right after it still showed weeklyDigest ${!written}, and ${written} showed ${Math.max(1, Math.round(settled.afterMs))} ms later`;
  ctx.observe(control.missed > 0
    ? `${late}; the control, a plain application/json PATCH read back the same way, missed its change too (${control.missed} of ${control.made}): `
      + `a 204 before the change was committed (${LATE_COMMIT_RULE}; RA-DUR-01 judges that), not this check's rule, which is judged on the state once it showed`
    : `${late}, while the control's plain application/json PATCHes, read back the same way, showed theirs at once (${control.made} of ${control.made}): `
      + `this request was answered before its change was committed (${LATE_COMMIT_RULE}; RA-DUR-01 judges plain PATCHes), not a breach of this check's rule, which is judged on the state once it showed`);
  return { shown: settled.value, holds: true, current };
}

/**
 * Why a read right after a 204 missed the change, for the message of a check that judges
 * that read itself (the state-transition rows: "GET then returns the new value"): the
 * change showed a moment later (a late commit, naming rule 4 and RA-DUR-01), or not.
 */
export async function whyMissed(show: () => Promise<boolean>): Promise<string> {
  const { afterMs } = await untilShown(show, (shown) => shown);
  return afterMs === undefined
    ? `; the change had still not shown ${SETTLE_MS / 1000} s later`
    : `; the change showed ${Math.max(1, Math.round(afterMs))} ms later: a 204 before the change was committed (${LATE_COMMIT_RULE}; RA-DUR-01 judges that)`;
}

/**
 * A label deleted with 204, as a check about another rule (a repeated DELETE, a
 * condition on an absent label) needs it: absent. Read right after; when it is still
 * there, waited for (SETTLE_MS): a late commit is noted, naming rule 4 and RA-DUR-01,
 * and the check goes on from the absent label. Still there after that: the check cannot
 * judge its rule on a label that was never deleted, and is skipped, naming RA-DEL-01.
 */
export async function settleDeletion(ctx: CheckContext, client: ResourceApiClient, id: string): Promise<void> {
  const absent = async () => (await client.getLabel(id)).statusCode === 404;
  if (await absent()) return;
  const { afterMs } = await untilShown(absent, (gone) => gone);
  if (afterMs === undefined) ctx.skip(`not judged: label ${id} was still there ${SETTLE_MS / 1000} s after the 204 to its DELETE (RA-DEL-01), so there was no deleted label to judge this check's rule on`);
  ctx.observe(`the GET right after the 204 to the DELETE of label ${id} still found it, and it was gone ${Math.max(1, Math.round(afterMs))} ms later: `
    + `a 204 before the change was committed (${LATE_COMMIT_RULE}; RA-DUR-01 judges that), not this check's rule, which is judged from the label once it was gone`);
}

/**
 * Reads in a check about another rule (framing, rule 6) that missed what a plain PATCH
 * wrote, each described in `stale`: when weeklyDigest holds `written` once read again
 * (within SETTLE_MS), the change was committed after its 204 (rule 4, RA-DUR-01's) —
 * noted, and no problem of this check; otherwise they stay problems.
 */
export async function staleReadProblems(ctx: CheckContext, client: ResourceApiClient, written: boolean, stale: readonly string[]): Promise<string[]> {
  if (stale.length === 0) return [];
  const { afterMs } = await untilShown(() => readPreferences(client), (r) => r.weeklyDigest === written);
  if (afterMs === undefined) return [...stale];
  ctx.observe(`${stale.join('; ')} — weeklyDigest ${written} was there when read again: a 204 before the change was committed (${LATE_COMMIT_RULE}; RA-DUR-01 judges that), not this check's rule; the answers themselves are judged as they arrived`);
  return [];
}
