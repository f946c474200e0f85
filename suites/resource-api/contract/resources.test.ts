// The resources and what becomes of requests to them: the endpoint table's rows for
// preferences and labels; the states table — a PATCH's value read back, a label
// present until its 204 DELETE, 404 on a repeat, no repeated label.deleted effect;
// errors that keep their bodies (204 rules 5; their shape is not shown: INFO); and
// durability (204 rules 4): the next read sees what a 204 promised, and a commit that
// fails (the probe's fail-next-commit) is never answered with a success (a 5xx is
// RFC 9110's: SHOULD) and changes nothing.
import { expect } from 'vitest';
import { check, type CheckContext } from '../../../harness/checks/check.ts';
import type { ParsedResponse } from '../../../harness/http/index.ts';
import { createLabel, createdId, deleteOwnLabel, labelExists, readPreferences } from '../../../harness/resource-api/api-state.ts';
import { errorCases } from '../../../harness/resource-api/error-cases.ts';
import { expectNone } from '../../../harness/resource-api/expect-none.ts';
import { refusesInput } from '../../../harness/resource-api/input-refusal.ts';
import { bodyShape } from '../../../harness/resource-api/json-shape.ts';
import { expectNoContent } from '../../../harness/resource-api/no-content-rules.ts';
import { apiPath, describeAnswer, resourceApiClient } from '../../../harness/resource-api/resource-api-client.ts';
import { expectNoDeletionEffect } from '../../../harness/resource-api/expect-no-effect.ts';
import { deletionEffects, settledDeletionEffects, withFailedCommit } from '../../../harness/resource-api/resource-api-probe.ts';
import { neverIssuedLabelId, uniqueName } from '../../../harness/resource-api/unique-name.ts';
import { LATE_COMMIT_HEADLINE, readsAtOnceAfter204s } from '../../../harness/resource-api/durable-204.ts';
import { settleDeletion, whyMissed } from '../../../harness/resource-api/read-back.ts';

check('RA-PREF-01', async (ctx) => {
  const client = resourceApiClient(ctx);
  for (const value of [true, false]) expectNoContent(await client.patchPreferences(value), `PATCH {"weeklyDigest": ${value}}`);
});

check('RA-PREF-02', async (ctx) => {
  const response = await resourceApiClient(ctx).getPreferences();
  expect(response.statusCode, `GET preferences answered ${describeAnswer(response)}`).toBe(200);
  const body = response.json();
  const isObject = typeof body === 'object' && body !== null && !Array.isArray(body);
  expect(isObject, `the 200 body must be a JSON object: ${describeAnswer(response)}`).toBe(true);
  expect(typeof (body as Record<string, unknown>)['weeklyDigest'], `weeklyDigest must be a boolean: ${describeAnswer(response)}`).toBe('boolean');
});

check('RA-PREF-03', async (ctx) => {
  const client = resourceApiClient(ctx);
  const start = (await readPreferences(client)).weeklyDigest;
  // Both directions, starting with the value that is not there yet: a change each time.
  for (const value of [!start, start]) {
    const patched = await client.patchPreferences(value);
    expect(patched.statusCode, `PATCH {"weeklyDigest": ${value}} answered ${describeAnswer(patched)}`).toBe(204);
    const read = (await readPreferences(client)).weeklyDigest;
    if (read !== value) {
      // The row's own words are broken ("GET then returns the new value"); the message says which rule explains it.
      const why = await whyMissed(async () => (await readPreferences(client)).weeklyDigest === value);
      expect(read, `GET after the 204 for weeklyDigest=${value}${why}`).toBe(value);
    }
  }
});

check('RA-LABEL-01', async (ctx) => {
  const response = await resourceApiClient(ctx).postLabel(uniqueName());
  expect(response.statusCode, `POST /v1/labels answered ${describeAnswer(response)}`).toBe(201);
  expect(createdId(response), `the 201 body must be a JSON object holding a non-empty string id: ${describeAnswer(response)}`).toBeTypeOf('string');
});

check('RA-LABEL-02', async (ctx) => {
  const client = resourceApiClient(ctx);
  const id = await createLabel(client);
  expect(await labelExists(client, id), 'GET of the label just created (by the id of the creation response) must answer 200').toBe(true);
  await deleteOwnLabel(client, id);
  if (await labelExists(client, id)) {
    const why = await whyMissed(async () => !(await labelExists(client, id)));
    expect.fail(`GET of the label once it is deleted must answer 404; it answered 200${why}`);
  }
});

check('RA-LABEL-04', async (ctx) => {
  const client = resourceApiClient(ctx);
  const wrong: string[] = [];
  for (const path of [`${apiPath.labels}/%zz`, `${apiPath.labels}/${'a'.repeat(200)}`, `${apiPath.labels}/lbl_%00`]) {
    for (const method of ['GET', 'DELETE']) {
      const response = await client.send(method, path);
      if (!refusesInput(response.statusCode)) wrong.push(`${method} ${path.slice(0, 24)}…: ${describeAnswer(response)}`);
    }
  }
  expectNone(wrong, 'a label path that is no valid id must be answered 4xx (not 401 or 403)');
  expect((await client.getPreferences()).statusCode, 'GET preferences after those requests').toBe(200);
});

check('RA-LABEL-03', async (ctx) => {
  const client = resourceApiClient(ctx);
  const name = uniqueName('shape');
  const created = await client.postLabel(name);
  const id = createdId(created);
  if (id === undefined) throw new Error(`could not create a label: ${describeAnswer(created)}`);
  const response = await client.getLabel(id);
  ctx.observe(`GET label: ${response.statusCode} ${bodyShape(response)}; holds the name sent: ${response.text().includes(name) ? 'yes' : 'no'}`);
});

check('RA-DEL-01', async (ctx) => {
  const client = resourceApiClient(ctx);
  const id = await createLabel(client);
  expectNoContent(await client.deleteLabel(id), 'DELETE of an existing label');
  if (await labelExists(client, id)) {
    const why = await whyMissed(async () => !(await labelExists(client, id)));
    expect.fail(`GET right after the 204 must answer 404 (the label is absent); it answered 200${why}`);
  }
});

check('RA-DEL-02', async (ctx) => {
  const client = resourceApiClient(ctx);
  const id = await createLabel(client);
  await deleteOwnLabel(client, id);
  // The repeats are judged on a label that is gone: one committed after its 204 is waited for (read-back.ts).
  await settleDeletion(ctx, client, id);
  for (const attempt of [1, 2]) {
    const repeat = await client.deleteLabel(id);
    expect(repeat.statusCode, `repeat ${attempt} of the DELETE answered ${describeAnswer(repeat)}; the contract says 404`).toBe(404);
  }
  expect(await labelExists(client, id), 'the label must stay absent').toBe(false);
});

check('RA-DEL-03', async (ctx) => {
  const response = await resourceApiClient(ctx).deleteLabel(neverIssuedLabelId());
  expect(response.statusCode, `DELETE of an id never issued answered ${describeAnswer(response)}`).toBe(404);
});

check('RA-DEL-04', async (ctx) => {
  const client = resourceApiClient(ctx);
  const id = await createLabel(client);
  await deleteOwnLabel(client, id);
  // Whether a deletion has an effect at all is not shown (Events); that it has no repeated one is rule 8.
  const once = await settledDeletionEffects(ctx, id);
  expect(once, 'label.deleted effects of one deletion: a second one would be a repeated side effect').toBeLessThanOrEqual(1);
  const repeats = [await client.deleteLabel(id), await client.deleteLabel(id)].map((r) => r.statusCode);
  expect(await deletionEffects(ctx, id), `label.deleted effects after two repeated DELETEs (answered ${repeats.join(', ')}); after the deletion itself: ${once}`).toBe(once);
});

check('RA-DEL-05', async (ctx) => {
  const client = resourceApiClient(ctx);
  const id = await createLabel(client);
  await client.deleteLabel(id);
  const once = await settledDeletionEffects(ctx, id);
  const repeats = [await client.deleteLabel(id), await client.deleteLabel(id)].map((r) => r.statusCode);
  ctx.observe(`label.deleted effects after the DELETE: ${once}; after two repeats (answered ${repeats.join(', ')}): ${await deletionEffects(ctx, id)}`);
});

check('RA-ERR-01', async (ctx) => {
  const problems: string[] = [];
  let errors = 0;
  for (const { what, result } of await errorCases(ctx)) {
    const response = result.responses[0];
    if (!response) {
      problems.push(`${what}: no complete answer${result.error ? ` (${result.error.message})` : ''}`);
      continue;
    }
    if (response.statusCode < 400) continue; // whether it should have failed is judged by that rule's check
    errors += 1;
    if (response.body.length === 0) problems.push(`${what}: ${response.statusCode} without content`);
    if (result.error || result.stray.length > 0) problems.push(`${what}: the ${response.statusCode} is not framed exactly (${result.error?.message ?? `${result.stray.length} stray bytes`})`);
  }
  expectNone(problems, 'error answers must keep their bodies, framed exactly');
  expect(errors, 'none of the requests that must fail was answered with an error').toBeGreaterThan(0);
});

check('RA-ERR-02', async (ctx) => {
  const seen = (await errorCases(ctx)).map(({ what, result }) => {
    const response = result.responses[0];
    return response ? `${what}: ${response.statusCode} ${bodyShape(response)}` : `${what}: no answer`;
  });
  ctx.observe(seen.join('; '));
});

check('RA-DUR-01', async (ctx) => {
  expectNone(await readsAtOnceAfter204s(ctx), LATE_COMMIT_HEADLINE);
});

/** PATCH, POST and DELETE, each sent with fail-next-commit armed, and their answers. */
async function failedCommitAnswers(ctx: CheckContext): Promise<[string, ParsedResponse][]> {
  const client = resourceApiClient(ctx);
  const useUp = () => client.patchPreferences(false);
  const before = (await readPreferences(client)).weeklyDigest;
  const id = await createLabel(client);
  return [
    ['PATCH', await withFailedCommit(ctx, () => client.patchPreferences(!before), useUp)],
    ['POST', await withFailedCommit(ctx, () => client.postLabel(uniqueName()), useUp)],
    ['DELETE', await withFailedCommit(ctx, () => client.deleteLabel(id), useUp)],
  ];
}

const isSuccess = (status: number) => status >= 200 && status <= 299;

check('RA-DUR-02', async (ctx) => {
  // Rule 4: "never 204"; nor a 201 for the POST, which would say the label exists (States and transitions).
  expectNone((await failedCommitAnswers(ctx)).filter(([, r]) => isSuccess(r.statusCode)).map(([what, r]) => `${what}: ${describeAnswer(r)}`),
    'a mutation whose commit failed must not be answered with a success');
});

check('RA-DUR-04', async (ctx) => {
  expectNone((await failedCommitAnswers(ctx)).filter(([, r]) => r.statusCode < 500 || r.statusCode > 599).map(([what, r]) => `${what}: ${describeAnswer(r)}`),
    'a mutation whose commit failed should be answered with a 5xx (RFC 9110 §15.6: the server is incapable of performing it)');
});

check('RA-DUR-03', async (ctx) => {
  const client = resourceApiClient(ctx);
  const useUp = () => client.patchPreferences(false);
  const before = (await readPreferences(client)).weeklyDigest;
  const id = await createLabel(client);
  await withFailedCommit(ctx, () => client.patchPreferences(!before), useUp);
  expect((await readPreferences(client)).weeklyDigest, 'weeklyDigest after the PATCH whose commit failed').toBe(before);
  await withFailedCommit(ctx, () => client.deleteLabel(id), useUp);
  expect(await labelExists(client, id), 'the label after the DELETE whose commit failed').toBe(true);
  await expectNoDeletionEffect(ctx, id, 'label.deleted effects after the DELETE whose commit failed');
});
