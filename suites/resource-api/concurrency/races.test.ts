// Races, released together with last-byte sync. Concurrent DELETEs of one label
// (States and transitions) must end in one absent state with no duplicated side
// effect. CONTRACTS §5 fixes what a MUST check asserts of them against any target:
// "only the end state, the single effect and that every answer is 204 or 404" —
// which of them answers 204 is free, and RA-CONC-04 records the distribution.
// Concurrent PATCHes carrying the
// same current If-Match (204 rules 9): the check and the change are one atomic step,
// so exactly one wins. They all write the same new value, so the representation
// changes exactly once — whatever the target's ETags are made of.
import { expect } from 'vitest';
import { check, type CheckContext } from '../../../harness/checks/check.ts';
import { raceRequests } from '../../../harness/http/index.ts';
import { createLabel, labelExists, readPreferences } from '../../../harness/resource-api/api-state.ts';
import { apiPath, apiRequest, resourceApiClient } from '../../../harness/resource-api/resource-api-client.ts';
import { settledDeletionEffects } from '../../../harness/resource-api/resource-api-probe.ts';
import { resourceApiTarget } from '../../../harness/resource-api/resource-api-target.ts';

/** Creates a label, releases `n` DELETEs of it together, returns its id and what each answered. */
async function raceDeletes(ctx: CheckContext, n: number): Promise<{ id: string; statuses: (number | 'no answer')[] }> {
  const target = resourceApiTarget(ctx);
  const id = await createLabel(resourceApiClient(ctx));
  const request = apiRequest(target, 'DELETE', apiPath.label(id));
  const { outcomes, releaseSpreadMs } = await raceRequests(Array.from({ length: n }, () => ({ baseUrl: target.baseUrl, request })), { transcript: ctx.transcript });
  ctx.transcript.note(`${n} DELETEs of ${id} released within ${releaseSpreadMs.toFixed(2)} ms`);
  const statuses = outcomes.map((o) => {
    if (!(o instanceof Error)) return o.statusCode;
    ctx.transcript.note(`a concurrent DELETE got no answer: ${o.message}`);
    return 'no answer' as const;
  });
  return { id, statuses };
}

function tally(statuses: readonly (number | string)[]): string {
  const counts = new Map<number | string, number>();
  for (const s of statuses) counts.set(s, (counts.get(s) ?? 0) + 1);
  return [...counts].sort(([a], [b]) => String(a).localeCompare(String(b))).map(([s, c]) => `${s}×${c}`).join(', ');
}

/** The end state the spec fixes, and the answers CONTRACTS §5 allows: each 204 or 404. */
async function expectAbsentAfterRace(ctx: CheckContext, id: string, statuses: readonly (number | string)[]): Promise<void> {
  expect(statuses.filter((s) => s !== 204 && s !== 404), `every concurrent DELETE must answer 204 or 404 (got ${tally(statuses)})`).toEqual([]);
  expect(await labelExists(resourceApiClient(ctx), id), `the label must be absent after the concurrent DELETEs (answered ${tally(statuses)})`).toBe(false);
}

/** The single effect (CONTRACTS §5): exactly one label.deleted effect, however many DELETEs raced. */
async function expectSingleEffect(ctx: CheckContext, id: string, statuses: readonly (number | string)[]): Promise<void> {
  const effects = await settledDeletionEffects(ctx, id);
  expect(effects, `label.deleted effects after ${statuses.length} concurrent DELETEs (answered ${tally(statuses)}): one deletion, one effect`).toBe(1);
}

check('RA-CONC-01', async (ctx) => {
  const { id, statuses } = await raceDeletes(ctx, 2);
  await expectAbsentAfterRace(ctx, id, statuses);
});

check('RA-CONC-02', async (ctx) => {
  const { id, statuses } = await raceDeletes(ctx, 2);
  await expectSingleEffect(ctx, id, statuses);
});

check('RA-CONC-03', async (ctx) => {
  const { id, statuses } = await raceDeletes(ctx, 16);
  await expectAbsentAfterRace(ctx, id, statuses);
  await expectSingleEffect(ctx, id, statuses);
});

check('RA-CONC-04', async (ctx) => {
  const { statuses } = await raceDeletes(ctx, 8);
  ctx.observe(`8 concurrent DELETEs of one label answered ${tally(statuses)}`);
});

const RACERS = 8;

check('RA-CONC-05', async (ctx) => {
  const target = resourceApiTarget(ctx);
  const client = resourceApiClient(ctx);
  const current = await readPreferences(client);
  if (current.etag === undefined) throw new Error('GET preferences carries no ETag, so no client can send If-Match with the current one');
  const request = apiRequest(target, 'PATCH', apiPath.preferences(target.userId), { json: { weeklyDigest: !current.weeklyDigest }, ifMatch: current.etag });
  const { outcomes } = await raceRequests(Array.from({ length: RACERS }, () => ({ baseUrl: target.baseUrl, request })), { transcript: ctx.transcript });
  const statuses = outcomes.map((o) => (o instanceof Error ? `error: ${o.message}` : o.statusCode));
  const won = statuses.filter((s) => typeof s === 'number' && s >= 200 && s < 300).length;
  const refused = statuses.filter((s) => s === 412).length;
  expect({ succeeded: won, preconditionFailed: refused }, `${RACERS} PATCHes with If-Match: ${current.etag} released together answered ${statuses.join(', ')}`)
    .toEqual({ succeeded: 1, preconditionFailed: RACERS - 1 });
  expect((await readPreferences(client)).weeklyDigest, 'the winner\'s value').toBe(!current.weeklyDigest);
});
