// What a resource-API run relies on, proven before any check (exit 2 with the fix when
// it does not hold):
// 1. --token acts for --user-id (and --other-token for --other-user-id): the user's
//    own preferences can be read (401: the token is not accepted; 403: it does not
//    act for that user).
// 2. With the probe: its routes answer in CONTRACTS §4's shape, and it sees what it
//    must — the label.deleted effect of a label the preflight itself created and
//    deleted. When the API cannot create or delete that label, the probe stays
//    unproven and the checks that need it fail naming why.
import { randomUUID } from 'node:crypto';
import { ERROR_CODES, WirecheckError } from '../errors.ts';
import type { Transcript } from '../http/index.ts';
import { brokenExchange } from '../target/preflight.ts';
import type { ResourceApiTarget } from './resource-api-target.ts';
import { createdId } from './api-state.ts';
import { describeAnswer, ResourceApiClient } from './resource-api-client.ts';
import { EFFECT_VISIBLE_MS, ResourceApiProbe, ResourceApiProbeError } from './resource-api-probe.ts';
import { uniqueName } from './unique-name.ts';

export interface ResourceApiFindings {
  /** Why the checks that need the probe cannot rely on it, though it answers: they fail naming this. */
  readonly probe?: string;
}

function failed(message: string): WirecheckError {
  return new WirecheckError(ERROR_CODES.preflightFailed, message);
}

/** A token reads its own user's preferences: 401 means it is not accepted, 403 that it acts for someone else. */
async function proveToken(client: ResourceApiClient, userId: string, as: 'user' | 'other'): Promise<void> {
  const [flag, userFlag] = as === 'user' ? ['--token', '--user-id'] : ['--other-token', '--other-user-id'];
  const response = await client.getPreferences(userId, { as });
  const what = `the resource API at ${new URL(client.target.baseUrl).origin} answered ${response.statusCode} to GET /v1/users/${userId}/preferences with ${flag}`;
  if (response.statusCode === 401) throw failed(`${what}: the token is not accepted. Pass a valid bearer token of ${userFlag} with ${flag}.`);
  if (response.statusCode === 403) throw failed(`${what}: the token does not act for ${userFlag} "${userId}". Pass the id of the token's own user.`);
}

async function proveProbe(client: ResourceApiClient, probe: ResourceApiProbe): Promise<ResourceApiFindings> {
  // Shape first, on a subject nobody has touched: 200 {"count": 0}, not a 404 of a missing route.
  await probe.deletionEffects(`wirecheck-preflight-${randomUUID()}`);
  const created = await client.postLabel(uniqueName());
  const id = createdId(created);
  if (id === undefined) return { probe: `the preflight could not create a label to prove the probe with: POST /v1/labels answered ${describeAnswer(created)} (see RA-LABEL-01)` };
  const deleted = await client.deleteLabel(id);
  if (deleted.statusCode !== 204) return { probe: `the preflight could not delete its label to prove the probe with: DELETE answered ${describeAnswer(deleted)} (see RA-DEL-01)` };
  if ((await probe.settledDeletionEffects(id)) === 0) {
    throw failed(`--probe was given, but the probe counts no label.deleted effect for a label just deleted with 204 (GET /__probe/effects?kind=label.deleted&subject=${id} answered count 0 for ${EFFECT_VISIBLE_MS / 1000} s). `
      + 'Either the probe is blind (it must count the label.deleted effects the API performs: CONTRACTS.md §4), or a deletion performs no such effect, '
      + 'and then the effect checks have nothing to count: drop --probe.');
  }
  return {};
}

export async function preflightResourceApi(target: ResourceApiTarget, transcript: Transcript): Promise<ResourceApiFindings> {
  const client = new ResourceApiClient(target, transcript);
  try {
    await proveToken(client, target.userId, 'user');
    if (target.otherToken) await proveToken(client, target.otherUserId, 'other');
  } catch (error) {
    if (brokenExchange(error) === undefined) throw error;
  }
  if (!target.capabilities.includes('probe')) return {};
  try {
    return await proveProbe(client, new ResourceApiProbe(target.baseUrl, transcript));
  } catch (error) {
    if (error instanceof ResourceApiProbeError) throw failed(`--probe was given, but ${error.message}. Fix the probe routes (CONTRACTS.md §4) or drop --probe.`);
    const broken = brokenExchange(error);
    if (broken !== undefined) return { probe: `an exchange of the preflight's positive control broke: ${broken}` };
    throw error;
  }
}
