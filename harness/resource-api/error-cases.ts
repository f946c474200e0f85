// Requests the endpoints whose success is a 204 must refuse — one per error status of
// the Errors table that a black box can provoke — each on a connection of its own,
// watched briefly, so an error answer's framing is judged as strictly as a 204's.
import type { CheckContext } from '../checks/check.ts';
import { exchange, type ExchangeResult } from '../http/index.ts';
import { createLabel, readPreferences } from './api-state.ts';
import { apiPath, apiRequest, resourceApiClient, type Call } from './resource-api-client.ts';
import { resourceApiTarget } from './resource-api-target.ts';
import { neverIssuedLabelId, unknownEtag } from './unique-name.ts';

export interface ErrorCase {
  readonly what: string;
  readonly result: ExchangeResult;
}

export async function errorCases(ctx: CheckContext): Promise<ErrorCase[]> {
  const target = resourceApiTarget(ctx);
  const client = resourceApiClient(ctx);
  const prefs = apiPath.preferences(target.userId);
  const current = await readPreferences(client);
  const label = apiPath.label(await createLabel(client));
  const cases: [string, string, string, Call][] = [
    ['PATCH with invalid JSON', 'PATCH', prefs, { body: '{"weeklyDigest": tru' }],
    ['PATCH with weeklyDigest "yes"', 'PATCH', prefs, { json: { weeklyDigest: 'yes' } }],
    ['PATCH without Authorization', 'PATCH', prefs, { as: 'none', json: { weeklyDigest: current.weeklyDigest } }],
    ['PATCH of --other-user-id\'s preferences', 'PATCH', apiPath.preferences(target.otherUserId), { json: { weeklyDigest: true } }],
    ['PATCH with a stale If-Match', 'PATCH', prefs, { json: { weeklyDigest: current.weeklyDigest }, ifMatch: unknownEtag() }],
    ['PATCH as text/plain', 'PATCH', prefs, { body: '{"weeklyDigest":true}', contentType: 'text/plain' }],
    ['DELETE without Authorization', 'DELETE', label, { as: 'none' }],
    ['DELETE of an absent label', 'DELETE', apiPath.label(neverIssuedLabelId()), {}],
  ];
  const out: ErrorCase[] = [];
  for (const [what, method, path, call] of cases) {
    out.push({ what, result: await exchange(target.baseUrl, [apiRequest(target, method, path, call)], { idleMs: 50, transcript: ctx.transcript }) });
  }
  return out;
}
