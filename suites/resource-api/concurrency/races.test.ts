// Races, released together with last-byte sync. Concurrent DELETEs of one label
// (States and transitions) must end in one absent state with no duplicated side
// effect. CONTRACTS §5 fixes what a MUST check asserts of them against any target:
// "only the end state, the single effect and that every answer is 204 or 404" —
// which of them answers 204 is free, and RA-CONC-04 records the distribution.
// Concurrent PATCHes carrying the same current If-Match (204 rules 9): the check and
// the change are one atomic step, so exactly one wins. They all write the same new
// value, so the representation changes exactly once — whatever the target's ETags are
// made of.
//
// A lost race is a matter of chance: the requests must meet inside the window between
// a read and the write that trusts it, and on a server of several processes behind one
// port two requests must also reach two different processes — which the harness cannot
// choose: the kernel hands each connection to one of them, often a whole burst to the
// same one. So each check is a number of races (race-sizes.ts), sized so that every
// race fault of the reference's self-test is caught in every run
// (test/self-test/race-detection-rate.ts measures it). The DELETEs of one label are
// spread through the burst (label 1, 2, …, then 1, 2, … again), so that a process
// taking a run of its connections is not handed them side by side.
import { check, type CheckContext } from '../../../harness/checks/check.ts';
import { raceRequests } from '../../../harness/http/index.ts';
import { createLabel, labelExists, readPreferences } from '../../../harness/resource-api/api-state.ts';
import { expectNone } from '../../../harness/resource-api/expect-none.ts';
import { apiPath, apiRequest, resourceApiClient } from '../../../harness/resource-api/resource-api-client.ts';
import { LATE_COMMIT_RULE, SETTLE_MS, untilShown } from '../../../harness/resource-api/read-back.ts';
import { settledDeletionEffects } from '../../../harness/resource-api/resource-api-probe.ts';
import { resourceApiTarget } from '../../../harness/resource-api/resource-api-target.ts';
import { DELETE_PAIRS, DELETE_CROWDS, PATCH_RACES, type RaceSize } from '../../../harness/resource-api/race-sizes.ts';

type Status = number | 'no answer';

interface LabelRace {
  readonly id: string;
  readonly statuses: readonly Status[];
  /** Which race (1-based) and burst it was in, for messages. */
  readonly at: string;
}

/** Creates `size.labels` labels, releases `size.racers` DELETEs of each in one burst; one entry per label. */
async function raceDeleteBurst(ctx: CheckContext, size: RaceSize, burst: number): Promise<LabelRace[]> {
  const target = resourceApiTarget(ctx);
  const client = resourceApiClient(ctx);
  const ids: string[] = [];
  for (let i = 0; i < size.labels; i++) ids.push(await createLabel(client));
  // Label 1, 2, …, n, then 1, 2, … again: the racers of one label far apart in the burst.
  const order = Array.from({ length: size.racers }, () => ids).flat();
  const { outcomes, releaseSpreadMs } = await raceRequests(order.map((id) => ({ baseUrl: target.baseUrl, request: apiRequest(target, 'DELETE', apiPath.label(id)) })), { transcript: ctx.transcript });
  ctx.transcript.note(`burst ${burst}: ${size.racers} DELETEs of each of ${ids.length} label(s) released within ${releaseSpreadMs.toFixed(2)} ms`);
  return ids.map((id) => ({
    id,
    at: `burst ${burst} of ${size.bursts}`,
    statuses: order.flatMap((racedId, i): Status[] => {
      if (racedId !== id) return [];
      const outcome = outcomes[i];
      if (outcome === undefined || outcome instanceof Error) {
        ctx.transcript.note(`a concurrent DELETE of ${id} got no answer: ${outcome?.message ?? 'none'}`);
        return ['no answer' as const];
      }
      return [outcome.statusCode];
    }),
  }));
}

/** Every burst of a size, one after another. */
async function raceDeletes(ctx: CheckContext, size: RaceSize): Promise<LabelRace[]> {
  const races: LabelRace[] = [];
  for (let burst = 1; burst <= size.bursts; burst++) races.push(...(await raceDeleteBurst(ctx, size, burst)));
  return races;
}

function tally(statuses: readonly Status[]): string {
  const counts = new Map<Status, number>();
  for (const s of statuses) counts.set(s, (counts.get(s) ?? 0) + 1);
  return [...counts].sort(([a], [b]) => String(a).localeCompare(String(b))).map(([s, c]) => `${s}×${c}`).join(', ');
}

/**
 * The end state the spec fixes, and the answers CONTRACTS §5 allows: each 204 or 404. A
 * label still there is waited for (read-back.ts): gone a moment later, it was deleted after
 * its 204 — rule 4's breach, RA-DUR-01's to judge — noted, not this check's problem.
 */
async function absentAfterRaces(ctx: CheckContext, races: readonly LabelRace[]): Promise<string[]> {
  const client = resourceApiClient(ctx);
  const problems: string[] = [];
  const late: string[] = [];
  for (const race of races) {
    const what = `${race.statuses.length} DELETEs of ${race.id} (${race.at}) answered ${tally(race.statuses)}`;
    if (race.statuses.some((s) => s !== 204 && s !== 404)) problems.push(`${what}: every concurrent DELETE must answer 204 or 404`);
    if (!(await labelExists(client, race.id))) continue;
    const { afterMs } = await untilShown(() => labelExists(client, race.id), (exists) => !exists);
    if (afterMs === undefined) problems.push(`${what}, and the label was still there ${SETTLE_MS / 1000} s later`);
    else late.push(`${race.id} (gone ${Math.max(1, Math.round(afterMs))} ms later)`);
  }
  if (late.length > 0) {
    ctx.observe(`labels still there when read after their races, and gone a moment later: ${late.join(', ')} — `
      + `a 204 before the deletion was committed (${LATE_COMMIT_RULE}; RA-DUR-01 judges that), not this check's rule, which is judged on the state once it showed`);
  }
  return problems;
}

/** The single effect (CONTRACTS §5): exactly one label.deleted effect per label, however many DELETEs raced. */
async function singleEffects(ctx: CheckContext, races: readonly LabelRace[]): Promise<string[]> {
  const problems: string[] = [];
  for (const race of races) {
    const effects = await settledDeletionEffects(ctx, race.id);
    if (effects !== 1) problems.push(`${race.statuses.length} DELETEs of ${race.id} (${race.at}) answered ${tally(race.statuses)} and left ${effects} label.deleted effects: one deletion, one effect`);
  }
  return problems;
}

const sizeOf = (size: RaceSize) => `${size.bursts} burst(s) of ${size.racers} DELETEs of each of ${size.labels} label(s)`;

check('RA-CONC-01', async (ctx) => {
  const races = await raceDeletes(ctx, DELETE_PAIRS);
  expectNone(await absentAfterRaces(ctx, races), `concurrent DELETEs (${sizeOf(DELETE_PAIRS)}) must each answer 204 or 404 and leave the label absent`);
});

check('RA-CONC-02', async (ctx) => {
  const races = await raceDeletes(ctx, DELETE_PAIRS);
  expectNone(await singleEffects(ctx, races), `concurrent DELETEs (${sizeOf(DELETE_PAIRS)}) must leave one label.deleted effect per label`);
});

check('RA-CONC-03', async (ctx) => {
  const races = await raceDeletes(ctx, DELETE_CROWDS);
  expectNone([...(await absentAfterRaces(ctx, races)), ...(await singleEffects(ctx, races))],
    `concurrent DELETEs (${sizeOf(DELETE_CROWDS)}) must each answer 204 or 404 and leave the label absent with one label.deleted effect`);
});

check('RA-CONC-04', async (ctx) => {
  const [race] = await raceDeleteBurst(ctx, { bursts: 1, labels: 1, racers: 8 }, 1);
  ctx.observe(`8 concurrent DELETEs of one label answered ${tally(race?.statuses ?? [])}`);
});

check('RA-CONC-05', async (ctx) => {
  const target = resourceApiTarget(ctx);
  const client = resourceApiClient(ctx);
  const problems: string[] = [];
  for (let round = 1; round <= PATCH_RACES.bursts; round++) {
    const current = await readPreferences(client);
    if (current.etag === undefined) throw new Error('GET preferences carries no ETag, so no client can send If-Match with the current one');
    const request = apiRequest(target, 'PATCH', apiPath.preferences(target.userId), { json: { weeklyDigest: !current.weeklyDigest }, ifMatch: current.etag });
    const { outcomes } = await raceRequests(Array.from({ length: PATCH_RACES.racers }, () => ({ baseUrl: target.baseUrl, request })), { transcript: ctx.transcript });
    const statuses = outcomes.map((o) => (o instanceof Error ? `error: ${o.message}` : o.statusCode));
    const won = statuses.filter((s) => typeof s === 'number' && s >= 200 && s < 300).length;
    const refused = statuses.filter((s) => s === 412).length;
    const what = `race ${round} of ${PATCH_RACES.bursts}: ${PATCH_RACES.racers} PATCHes with If-Match: ${current.etag} released together answered ${statuses.join(', ')}`;
    if (won !== 1 || refused !== PATCH_RACES.racers - 1) problems.push(`${what}: ${won} succeeded and ${refused} answered 412, where exactly one may succeed and the rest answer 412`);
    const after = (await readPreferences(client)).weeklyDigest;
    if (won > 0 && after !== !current.weeklyDigest) problems.push(`${what}; weeklyDigest is ${after} after it, not the winner's ${!current.weeklyDigest}`);
    if (problems.length > 0) break;
  }
  expectNone(problems, 'of PATCHes released together with the same current If-Match exactly one must succeed, the rest answer 412');
});
