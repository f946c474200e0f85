// Who may see and change what. Authentication: 401 without a valid bearer token, 403
// acting for someone else — nothing changed either way, proved by reading back.
// Caching (204 rules 10): user-specific answers stay out of shared caches. CORS
// (204 rules 12): browsers can read what they need, and a preflight authorizes nothing.
import { expect } from 'vitest';
import { check } from '../../../harness/checks/check.ts';
import { createLabel, labelExists, readPreferences } from '../../../harness/resource-api/api-state.ts';
import { browserAnswers, listed, NO_CORS, ORIGIN_HEADER, preflight, servesBrowsers } from '../../../harness/resource-api/browser.ts';
import { explicitlyUnshared, sharedCacheMayStore } from '../../../harness/resource-api/cache-control.ts';
import { everyEndpoint, othersLabel } from '../../../harness/resource-api/every-endpoint.ts';
import { expectNone } from '../../../harness/resource-api/expect-none.ts';
import { apiPath, describeAnswer, resourceApiClient, type Credential } from '../../../harness/resource-api/resource-api-client.ts';
import { expectNoDeletionEffect } from '../../../harness/resource-api/expect-no-effect.ts';
import { carriedPreferences } from '../../../harness/resource-api/leaked-preferences.ts';
import { otherTokenOrSkip, resourceApiTarget } from '../../../harness/resource-api/resource-api-target.ts';
import { neverIssuedLabelId, uniqueName } from '../../../harness/resource-api/unique-name.ts';
import type { ParsedResponse } from '../../../harness/http/index.ts';
import type { CheckContext } from '../../../harness/checks/check.ts';

function not401(answers: readonly [string, number][], how: string): string[] {
  return answers.filter(([, status]) => status !== 401).map(([what, status]) => `${what} ${how}: ${status}`);
}

check('RA-AUTH-01', async (ctx) => {
  expectNone(not401(await everyEndpoint(resourceApiClient(ctx), 'none'), 'without Authorization'), 'every endpoint must answer 401');
});

check('RA-AUTH-02', async (ctx) => {
  const client = resourceApiClient(ctx);
  const malformed: [string, Credential][] = [
    ['with an unknown bearer token', 'unknown'],
    ['with "Bearer" and no token', { authorization: 'Bearer' }],
    ['with Basic credentials', { authorization: `Basic ${Buffer.from(`${client.userId}:secret`).toString('base64')}` }],
    // The run's own token, but not as the credentials of the Bearer scheme.
    ['with the token after another scheme name', { authorization: `XBearer ${client.target.token}` }],
    ['with the token followed by more text', { authorization: `Bearer ${client.target.token} junk` }],
  ];
  const problems: string[] = [];
  for (const [how, as] of malformed) problems.push(...not401(await everyEndpoint(client, as), how));
  expectNone(problems, 'every endpoint must answer 401');
});

check('RA-AUTH-08', async (ctx) => {
  const client = resourceApiClient(ctx);
  const unchallenged: string[] = [];
  for (const [how, as] of [['without Authorization', 'none'], ['with an unknown token', 'unknown']] as const) {
    for (const [what, method, path] of [['GET preferences', 'GET', apiPath.preferences(client.userId)], ['DELETE label', 'DELETE', apiPath.label(neverIssuedLabelId())]] as const) {
      const response = await client.send(method, path, { as });
      if (response.statusCode !== 401) continue; // the status is RA-AUTH-01/02's to judge
      const challenge = response.header('www-authenticate') ?? '';
      if (!/(^|,)\s*Bearer(\s|,|$)/i.test(challenge)) unchallenged.push(`${what} ${how}: 401 with WWW-Authenticate "${challenge || '(none)'}"`);
    }
  }
  expectNone(unchallenged, 'a 401 must carry a Bearer challenge');
});

check('RA-AUTH-03', async (ctx) => {
  const client = resourceApiClient(ctx);
  const before = (await readPreferences(client)).weeklyDigest;
  const id = await createLabel(client);
  for (const as of ['none', 'unknown'] as const) {
    const how = as === 'none' ? 'without Authorization' : 'with an unknown token';
    const patch = await client.patchPreferences(!before, { as });
    expect(patch.statusCode, `PATCH ${how} answered ${describeAnswer(patch)}`).toBe(401);
    expect((await readPreferences(client)).weeklyDigest, `the PATCH answered 401 (${how}) must not change weeklyDigest`).toBe(before);
    const deletion = await client.deleteLabel(id, { as });
    expect(deletion.statusCode, `DELETE ${how} answered ${describeAnswer(deletion)}`).toBe(401);
    expect(await labelExists(client, id), `the DELETE answered 401 (${how}) must leave the label in place`).toBe(true);
  }
});

check('RA-AUTH-04', async (ctx) => {
  const client = resourceApiClient(ctx);
  const other = client.target.otherUserId;
  const read = await client.getPreferences(other);
  expect(read.statusCode, `GET --other-user-id's preferences answered ${describeAnswer(read)}`).toBe(403);
  expect(carriedPreferences(read), 'the 403 to the GET must not carry the other user\'s preferences').toBeUndefined();
  const write = await client.patchPreferences(true, { userId: other });
  expect(write.statusCode, `PATCH --other-user-id's preferences answered ${describeAnswer(write)}`).toBe(403);
  expect(carriedPreferences(write, { weeklyDigest: true }), 'the 403 to the PATCH must not carry the other user\'s preferences').toBeUndefined();
});

check('RA-AUTH-05', async (ctx) => {
  otherTokenOrSkip(ctx);
  const client = resourceApiClient(ctx);
  const other = client.target.otherUserId;
  const before = (await readPreferences(client, other, 'other')).weeklyDigest;
  const write = await client.patchPreferences(!before, { userId: other });
  expect(write.statusCode, `PATCH of the other user's preferences answered ${describeAnswer(write)}`).toBe(403);
  expect((await readPreferences(client, other, 'other')).weeklyDigest, 'the other user\'s weeklyDigest after a 403 PATCH').toBe(before);
});

check('RA-AUTH-06', async (ctx) => {
  const { client, id, name } = await othersLabel(ctx);
  const read = await client.getLabel(id);
  expect([403, 404], `GET of another user's label answered ${describeAnswer(read)}`).toContain(read.statusCode);
  expect(read.text(), 'the answer must not reveal the label').not.toContain(name);
});

check('RA-AUTH-07', async (ctx) => {
  const { client, id } = await othersLabel(ctx);
  const deletion = await client.deleteLabel(id);
  expect([403, 404], `DELETE of another user's label answered ${describeAnswer(deletion)}`).toContain(deletion.statusCode);
  expect(await labelExists(client, id, 'other'), 'the other user\'s label must still exist').toBe(true);
  if (ctx.target.capabilities.includes('probe')) await expectNoDeletionEffect(ctx, id, 'no label.deleted effect', 'other');
});

/** One answer of each user-specific kind: 200s, 201, 204s, 403 and 404 (the 403 and 404 to GETs). */
async function userSpecificAnswers(ctx: CheckContext): Promise<[string, ParsedResponse][]> {
  const client = resourceApiClient(ctx);
  const id = await createLabel(client);
  return [
    ['GET preferences', await client.getPreferences()],
    ['PATCH preferences', await client.patchPreferences(true)],
    ['POST labels', await client.postLabel(uniqueName())],
    ['GET label', await client.getLabel(id)],
    ['DELETE label', await client.deleteLabel(id)],
    ['GET --other-user-id\'s preferences', await client.getPreferences(client.target.otherUserId)],
    ['GET an absent label', await client.getLabel(neverIssuedLabelId())],
  ];
}

const cacheLabel = ([what, response]: [string, ParsedResponse]) => `${what} (${response.statusCode}, Cache-Control: ${response.header('cache-control') ?? 'none'})`;

check('RA-CACHE-01', async (ctx) => {
  // Only answers a shared cache could store: GETs. A DELETE answer is not cacheable (RFC 9110
  // §9.3.5); a POST or PATCH answer only with explicit freshness and a matching Content-Location.
  const storable = (await userSpecificAnswers(ctx)).filter(([, response]) => response.method === 'GET');
  expectNone(storable.flatMap((answer) => {
    const why = sharedCacheMayStore(answer[1]);
    return why === undefined ? [] : [`${cacheLabel(answer)}: ${why}`];
  }), 'user-specific answers a shared cache may store');
});

check('RA-CACHE-02', async (ctx) => {
  expectNone((await userSpecificAnswers(ctx)).filter(([, r]) => !explicitlyUnshared(r)).map(cacheLabel),
    'user-specific answers without Cache-Control: private or no-store');
});

/**
 * The headers the spec makes a client read: the ETag it sends back in If-Match (204
 * rules 9), and Preference-Applied where Prefer is supported (rules 11). Not Location:
 * the spec never requires one, and the new label's id is in the 201's body.
 */
const MUST_READ = ['etag', 'preference-applied'];

check('RA-CORS-01', async (ctx) => {
  const answers = await browserAnswers(ctx);
  if (!servesBrowsers(answers)) return ctx.skip(NO_CORS);
  const hidden: string[] = [];
  for (const [what, response] of answers) {
    const exposed = listed(response, 'access-control-expose-headers');
    const wildcard = exposed.includes('*') && response.header('access-control-allow-credentials') !== 'true';
    for (const name of MUST_READ.filter((n) => response.header(n) !== undefined && !wildcard && !exposed.includes(n))) {
      hidden.push(`${what} (${response.statusCode}) sends ${name}, but Access-Control-Expose-Headers is "${response.header('access-control-expose-headers') ?? '(none)'}"`);
    }
  }
  expectNone(hidden, 'headers a browser client must read but cannot');
});

check('RA-CORS-02', async (ctx) => {
  if (!servesBrowsers(await browserAnswers(ctx))) return ctx.skip(NO_CORS);
  const problems: string[] = [];
  for (const [path, method] of [[apiPath.preferences(resourceApiTarget(ctx).userId), 'PATCH'], [apiPath.labels, 'POST'], [apiPath.label(neverIssuedLabelId()), 'DELETE']] as const) {
    const response = await preflight(ctx, path, method);
    if (!response || response.statusCode < 200 || response.statusCode > 299) {
      problems.push(`the preflight of ${method} /${path} answered ${response ? describeAnswer(response) : 'nothing'}`);
      continue;
    }
    const methods = listed(response, 'access-control-allow-methods');
    if (!methods.includes(method.toLowerCase()) && !methods.includes('*')) problems.push(`the preflight of ${method} /${path}: Access-Control-Allow-Methods "${response.header('access-control-allow-methods') ?? ''}" lacks ${method}`);
    // "*" does not cover Authorization (Fetch standard): it must be named.
    if (!listed(response, 'access-control-allow-headers').includes('authorization')) problems.push(`the preflight of ${method} /${path}: Access-Control-Allow-Headers "${response.header('access-control-allow-headers') ?? ''}" lacks Authorization`);
  }
  expectNone(problems, 'a browser\'s preflight (sent without credentials) must be allowed');
});

check('RA-CORS-03', async (ctx) => {
  const client = resourceApiClient(ctx);
  const before = (await readPreferences(client)).weeklyDigest;
  await preflight(ctx, apiPath.preferences(client.userId), 'PATCH');
  const actual = await client.patchPreferences(!before, { as: 'none', headers: [ORIGIN_HEADER] });
  expect(actual.statusCode, `the PATCH without a token after a preflight answered ${describeAnswer(actual)}`).toBe(401);
  expect((await readPreferences(client)).weeklyDigest, 'weeklyDigest after the unauthenticated PATCH').toBe(before);
});

check('RA-CORS-04', async (ctx) => {
  const response = await preflight(ctx, apiPath.preferences(resourceApiTarget(ctx).userId), 'PATCH');
  if (!response) return ctx.observe('the preflight got no answer');
  const field = (name: string) => `${name}: ${response.header(name) ?? '(none)'}`;
  ctx.observe([
    `preflight of PATCH preferences without credentials: ${response.statusCode}`,
    field('access-control-allow-origin'), field('access-control-allow-methods'), field('access-control-allow-headers'), field('access-control-max-age'),
    `${response.body.length} content bytes`,
  ].join('; '));
});
