// The requests the authentication checks send to every endpoint, and a label of the
// other user's (made with their token) for the cross-user checks.
import type { CheckContext } from '../checks/check.ts';
import { createLabel, createdId } from './api-state.ts';
import { apiPath, describeAnswer, resourceApiClient, type Call, type Credential, type ResourceApiClient } from './resource-api-client.ts';
import { otherTokenOrSkip } from './resource-api-target.ts';
import { uniqueName } from './unique-name.ts';

/** One request per endpoint with the credential `as`; returns `what → status` for each. */
export async function everyEndpoint(client: ResourceApiClient, as: Credential): Promise<[string, number][]> {
  const id = await createLabel(client);
  const calls: [string, string, string, Call][] = [
    ['PATCH preferences', 'PATCH', apiPath.preferences(client.userId), { json: { weeklyDigest: true } }],
    ['GET preferences', 'GET', apiPath.preferences(client.userId), {}],
    ['POST labels', 'POST', apiPath.labels, { json: { name: uniqueName() } }],
    ['GET label', 'GET', apiPath.label(id), {}],
    ['DELETE label', 'DELETE', apiPath.label(id), {}],
  ];
  const answers: [string, number][] = [];
  for (const [what, method, path, call] of calls) answers.push([what, (await client.send(method, path, { ...call, as })).statusCode]);
  return answers;
}

/** A label of the other user's, created with their token; skips the check without that token. */
export async function othersLabel(ctx: CheckContext): Promise<{ client: ResourceApiClient; id: string; name: string }> {
  otherTokenOrSkip(ctx);
  const client = resourceApiClient(ctx);
  const name = uniqueName('theirs');
  const created = await client.postLabel(name, { as: 'other' });
  const id = createdId(created);
  if (id === undefined) throw new Error(`could not create the other user's label: ${describeAnswer(created)}`);
  return { client, id, name };
}
