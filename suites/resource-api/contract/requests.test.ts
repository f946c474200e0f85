// What a request asks for. Media type and input: 415 for a body not labelled JSON,
// 400 or 422 for missing or malformed input — before anything changes. Conditions
// (204 rules 9): If-Match with the current ETag succeeds, a stale one gives 412 and
// changes nothing, the ETag follows every change. Prefer (204 rules 11).
import { expect } from 'vitest';
import { check, type CheckContext } from '../../../harness/checks/check.ts';
import { JSON_OTHER_SPELLINGS, JSON_WITH_CHARSET, NOT_QUITE_JSON_TYPES } from '../../../harness/checks/json-content-types.ts';
import type { ParsedResponse } from '../../../harness/http/index.ts';
import { createLabel, labelExists, readPreferences, type PreferencesRead } from '../../../harness/resource-api/api-state.ts';
import { expectNone } from '../../../harness/resource-api/expect-none.ts';
import { refusesInput } from '../../../harness/resource-api/input-refusal.ts';
import { expectNoContent } from '../../../harness/resource-api/no-content-rules.ts';
import { apiPath, describeAnswer, resourceApiClient, type Call, type ResourceApiClient } from '../../../harness/resource-api/resource-api-client.ts';
import { expectNoDeletionEffect } from '../../../harness/resource-api/expect-no-effect.ts';
import { deletionEffects, settledDeletionEffects } from '../../../harness/resource-api/resource-api-probe.ts';
import { unknownEtag, uniqueName } from '../../../harness/resource-api/unique-name.ts';
import { preferencesAfterWrite, settleDeletion, SETTLE_MS } from '../../../harness/resource-api/read-back.ts';

const NOT_JSON_TYPES = ['text/plain', 'application/x-www-form-urlencoded'];

const BAD_PATCHES: readonly [string, Call][] = [
  ['invalid JSON', { body: '{"weeklyDigest": tru' }],
  ['no content', { body: '', contentType: 'application/json' }],
  ['a JSON array', { json: [true] }],
  ['a JSON string', { json: 'true' }],
  ['an object without weeklyDigest', { json: {} }],
  ['weeklyDigest "yes"', { json: { weeklyDigest: 'yes' } }],
  ['weeklyDigest 1', { json: { weeklyDigest: 1 } }],
  ['weeklyDigest null', { json: { weeklyDigest: null } }],
];

const BAD_POSTS: readonly [string, Call][] = [
  ['invalid JSON', { body: '{"name": ' }],
  ['no content', { body: '', contentType: 'application/json' }],
  ['an object without name', { json: {} }],
  ['name 42', { json: { name: 42 } }],
  ['name null', { json: { name: null } }],
  ['name as an array', { json: { name: ['x'] } }],
];

check('RA-INPUT-01', async (ctx) => {
  const client = resourceApiClient(ctx);
  const wrong: string[] = [];
  for (const contentType of NOT_JSON_TYPES) {
    const patch = await client.send('PATCH', apiPath.preferences(client.userId), { body: '{"weeklyDigest":true}', contentType });
    if (patch.statusCode !== 415) wrong.push(`PATCH as ${contentType}: ${describeAnswer(patch)}`);
    const post = await client.send('POST', apiPath.labels, { body: JSON.stringify({ name: uniqueName() }), contentType });
    if (post.statusCode !== 415) wrong.push(`POST as ${contentType}: ${describeAnswer(post)}`);
  }
  expectNone(wrong, 'a JSON body labelled with another media type must be refused with 415');
});

check('RA-INPUT-02', async (ctx) => {
  const client = resourceApiClient(ctx);
  const before = (await readPreferences(client)).weeklyDigest;
  for (const contentType of NOT_JSON_TYPES) {
    const patch = await client.send('PATCH', apiPath.preferences(client.userId), { body: JSON.stringify({ weeklyDigest: !before }), contentType });
    expect(patch.statusCode, `PATCH as ${contentType} answered ${describeAnswer(patch)}`).toBe(415);
    expect((await readPreferences(client)).weeklyDigest, `weeklyDigest after a 415 PATCH sent as ${contentType}`).toBe(before);
  }
});

check('RA-INPUT-03', async (ctx) => {
  const client = resourceApiClient(ctx);
  const wrong: string[] = [];
  for (const [method, path, cases] of [['PATCH', apiPath.preferences(client.userId), BAD_PATCHES], ['POST', apiPath.labels, BAD_POSTS]] as const) {
    for (const [what, call] of cases) {
      const response = await client.send(method, path, call);
      if (response.statusCode !== 400 && response.statusCode !== 422) wrong.push(`${method} with ${what}: ${describeAnswer(response)}`);
    }
  }
  expectNone(wrong, 'missing or malformed input must be answered 400 or 422');
});

check('RA-INPUT-04', async (ctx) => {
  const client = resourceApiClient(ctx);
  const before = (await readPreferences(client)).weeklyDigest;
  // Values a lenient server would coerce to the other boolean: a change if they slip through.
  const calls: Call[] = [...(before ? [0, '', null] : ['yes', 1, 'true']).map((v) => ({ json: { weeklyDigest: v } })), { body: '{"weeklyDigest": tru' }];
  for (const call of calls) {
    const what = `PATCH with ${call.body ?? JSON.stringify(call.json)}`;
    const response = await client.send('PATCH', apiPath.preferences(client.userId), call);
    expect([400, 422], `${what} answered ${describeAnswer(response)}`).toContain(response.statusCode);
    expect((await readPreferences(client)).weeklyDigest, `weeklyDigest after the rejected ${what}`).toBe(before);
  }
});

/**
 * PATCHes the other boolean as each media type; fails naming the first not taken as JSON.
 * The value is read back as read-back.ts says: a read that misses it only because the
 * change was committed after the 204 (rule 4, RA-DUR-01's) is no finding about the media type.
 */
async function expectTakenAsJson(ctx: CheckContext, contentTypes: readonly string[]): Promise<void> {
  const client = resourceApiClient(ctx);
  for (const contentType of contentTypes) {
    const before = (await readPreferences(client)).weeklyDigest;
    const patch = await client.send('PATCH', apiPath.preferences(client.userId), { json: { weeklyDigest: !before }, contentType });
    expect(patch.statusCode, `PATCH as ${contentType} answered ${describeAnswer(patch)}`).toBe(204);
    const after = await preferencesAfterWrite(ctx, client, !before, `the PATCH sent as ${contentType}`);
    expect(after.shown.weeklyDigest, `weeklyDigest after the PATCH sent as ${contentType} (answered 204; waited ${SETTLE_MS / 1000} s for the value)`).toBe(!before);
  }
}

check('RA-INPUT-06', (ctx) => expectTakenAsJson(ctx, [JSON_WITH_CHARSET]));

check('RA-INPUT-09', (ctx) => expectTakenAsJson(ctx, JSON_OTHER_SPELLINGS));

check('RA-INPUT-10', async (ctx) => {
  // JSON text is UTF-8 (RFC 8259 §8.1); 0xFF occurs in no UTF-8 text.
  const body = Buffer.concat([Buffer.from('{"name":"w'), Buffer.from([0xff]), Buffer.from('rk"}')]);
  const response = await resourceApiClient(ctx).send('POST', apiPath.labels, { body });
  ctx.observe(`POST {"name":"w\\xFFrk"} answered ${response.statusCode}${response.statusCode >= 200 && response.statusCode < 300 ? ' (accepted)' : ''}`);
});

check('RA-INPUT-11', async (ctx) => {
  const client = resourceApiClient(ctx);
  const wrong: string[] = [];
  for (const contentType of NOT_QUITE_JSON_TYPES) {
    const before = (await readPreferences(client)).weeklyDigest;
    const patch = await client.send('PATCH', apiPath.preferences(client.userId), { body: JSON.stringify({ weeklyDigest: !before }), contentType });
    if (patch.statusCode !== 415) wrong.push(`PATCH as ${contentType}: ${describeAnswer(patch)}`);
    if ((await readPreferences(client)).weeklyDigest !== before) wrong.push(`PATCH as ${contentType} changed weeklyDigest`);
    const post = await client.send('POST', apiPath.labels, { body: JSON.stringify({ name: uniqueName() }), contentType });
    if (post.statusCode !== 415) wrong.push(`POST as ${contentType}: ${describeAnswer(post)}`);
  }
  expectNone(wrong, 'a body labelled with a media type that only resembles application/json must be refused with 415, changing nothing');
});

check('RA-INPUT-07', async (ctx) => {
  const client = resourceApiClient(ctx);
  const before = (await readPreferences(client)).weeklyDigest;
  const patch = await client.send('PATCH', apiPath.preferences(client.userId), { body: JSON.stringify({ weeklyDigest: !before }), contentType: null });
  expect(patch.statusCode < 500, `PATCH without Content-Type answered ${describeAnswer(patch)}`).toBe(true);
  const accepted = patch.statusCode >= 200 && patch.statusCode < 300;
  // Accepted, it must show its change (read back as read-back.ts says); refused, it must change nothing.
  const after = accepted ? (await preferencesAfterWrite(ctx, client, !before, 'the PATCH without Content-Type')).shown : await readPreferences(client);
  expect(after.weeklyDigest, `weeklyDigest after the PATCH without Content-Type answered ${patch.statusCode}`).toBe(accepted ? !before : before);
  const post = await client.send('POST', apiPath.labels, { body: JSON.stringify({ name: uniqueName() }), contentType: null });
  expect(post.statusCode < 500, `POST without Content-Type answered ${describeAnswer(post)}`).toBe(true);
});

check('RA-INPUT-08', async (ctx) => {
  const client = resourceApiClient(ctx);
  const before = (await readPreferences(client)).weeklyDigest;
  // Invalid whatever the size limit: a string where a boolean belongs.
  const response = await client.send('PATCH', apiPath.preferences(client.userId), { json: { weeklyDigest: 'x'.repeat(1024 * 1024) } });
  expect(refusesInput(response.statusCode), `a 1 MiB PATCH body answered ${describeAnswer(response)}`).toBe(true);
  expect((await readPreferences(client)).weeklyDigest, 'weeklyDigest after the 1 MiB PATCH').toBe(before);
});

/** GET preferences, requiring the ETag that conditional requests need. */
async function taggedPreferences(client: ResourceApiClient): Promise<PreferencesRead & { etag: string }> {
  const read = await readPreferences(client);
  if (read.etag === undefined) throw new Error('GET preferences carries no ETag, so no client can send If-Match with the current one');
  return { ...read, etag: read.etag };
}

/** The ETag a read carries, required as taggedPreferences requires it. */
function tagged(read: PreferencesRead): PreferencesRead & { etag: string } {
  if (read.etag === undefined) throw new Error('GET preferences carries no ETag, so no client can send If-Match with the current one');
  return { ...read, etag: read.etag };
}

/**
 * The preferences after a 204 PATCH that wrote `written`, with their ETag, as the
 * conditional checks go on from them: read back as read-back.ts says, so that a change
 * committed after its 204 (rule 4, RA-DUR-01's) is not taken for a stale tag.
 */
async function taggedAfterWrite(ctx: CheckContext, client: ResourceApiClient, written: boolean, what: string): Promise<{ shown: PreferencesRead; holds: boolean; current: PreferencesRead & { etag: string } }> {
  const after = await preferencesAfterWrite(ctx, client, written, what);
  return { ...after, current: tagged(after.current) };
}

/** A fresh label and its ETag, when its GET carries one. */
async function taggedLabel(client: ResourceApiClient): Promise<{ id: string; etag: string | undefined }> {
  const id = await createLabel(client);
  return { id, etag: (await client.getLabel(id)).header('etag') };
}

check('RA-COND-01', async (ctx) => {
  const client = resourceApiClient(ctx);
  let current = await taggedPreferences(client);
  for (const round of [1, 2]) {
    const response = await client.patchPreferences(!current.weeklyDigest, { ifMatch: current.etag });
    expect(response.statusCode, `PATCH ${round} with If-Match: ${current.etag} (the tag GET just gave) answered ${describeAnswer(response)}`).toBe(204);
    current = (await taggedAfterWrite(ctx, client, !current.weeklyDigest, `conditional PATCH ${round}`)).current;
  }
  const label = await taggedLabel(client);
  if (label.etag === undefined) return ctx.transcript.note('the label GET carries no ETag: conditional DELETE not tried');
  const deletion = await client.deleteLabel(label.id, { ifMatch: label.etag });
  expect(deletion.statusCode, `DELETE with If-Match: ${label.etag} (the label's current tag) answered ${describeAnswer(deletion)}`).toBe(204);
});

check('RA-COND-02', async (ctx) => {
  const client = resourceApiClient(ctx);
  const first = await taggedPreferences(client);
  const unknown = await client.patchPreferences(!first.weeklyDigest, { ifMatch: unknownEtag() });
  expect(unknown.statusCode, `PATCH with an If-Match tag the target never issued answered ${describeAnswer(unknown)}`).toBe(412);
  const changed = await client.patchPreferences(!first.weeklyDigest);
  expect(changed.statusCode, `PATCH answered ${describeAnswer(changed)}`).toBe(204);
  // The tag is stale once the change is committed: one committed after its 204 is waited for (read-back.ts).
  await preferencesAfterWrite(ctx, client, !first.weeklyDigest, 'the PATCH that made the first tag stale');
  const stale = await client.patchPreferences(first.weeklyDigest, { ifMatch: first.etag });
  expect(stale.statusCode, `PATCH with If-Match: ${first.etag}, the tag from before the last change, answered ${describeAnswer(stale)}`).toBe(412);
  const label = await taggedLabel(client);
  if (label.etag === undefined) return ctx.transcript.note('the label GET carries no ETag: conditional DELETE not tried');
  const deletion = await client.deleteLabel(label.id, { ifMatch: unknownEtag() });
  expect(deletion.statusCode, `DELETE with an If-Match tag that is not the label's answered ${describeAnswer(deletion)}`).toBe(412);
});

check('RA-COND-03', async (ctx) => {
  const client = resourceApiClient(ctx);
  const before = await taggedPreferences(client);
  const response = await client.patchPreferences(!before.weeklyDigest, { ifMatch: unknownEtag() });
  expect(response.statusCode, `PATCH with a stale If-Match answered ${describeAnswer(response)}`).toBe(412);
  expect((await readPreferences(client)).weeklyDigest, 'weeklyDigest after a 412').toBe(before.weeklyDigest);
  const id = await createLabel(client);
  const deletion = await client.deleteLabel(id, { ifMatch: unknownEtag() });
  if (deletion.statusCode !== 412) return ctx.transcript.note(`DELETE with a stale If-Match answered ${deletion.statusCode}: the label part applies to 412s only`);
  expect(await labelExists(client, id), 'the label after a DELETE answered 412').toBe(true);
  if (ctx.target.capabilities.includes('probe')) await expectNoDeletionEffect(ctx, id, 'label.deleted effects after a 412');
});

check('RA-COND-04', async (ctx) => {
  const client = resourceApiClient(ctx);
  let previous = await taggedPreferences(client);
  for (const step of [1, 2]) {
    const response = await client.patchPreferences(!previous.weeklyDigest);
    expect(response.statusCode, `PATCH answered ${describeAnswer(response)}`).toBe(204);
    const { shown, current } = await taggedAfterWrite(ctx, client, !previous.weeklyDigest, `PATCH ${step}`);
    expect(shown.weeklyDigest, `the change must be visible (waited ${SETTLE_MS / 1000} s for it)`).toBe(!previous.weeklyDigest);
    expect(shown.etag, `change ${step}: weeklyDigest went ${previous.weeklyDigest} → ${shown.weeklyDigest} but the ETag stayed ${previous.etag}`).not.toBe(previous.etag);
    previous = current;
  }
});

check('RA-COND-05', async (ctx) => {
  const client = resourceApiClient(ctx);
  for (const step of [1, 2]) {
    const before = await readPreferences(client);
    const response = await client.patchPreferences(!before.weeklyDigest);
    expect(response.statusCode, `PATCH answered ${describeAnswer(response)}`).toBe(204);
    const tag = response.header('etag');
    if (tag === undefined) {
      ctx.transcript.note(`PATCH ${step}: the 204 carries no ETag (allowed)`);
      continue;
    }
    // The next GET that shows the change (read-back.ts: not one a late commit left stale).
    const { shown } = await preferencesAfterWrite(ctx, client, !before.weeklyDigest, `PATCH ${step}`);
    expect(shown.etag, `PATCH ${step}: the 204 carried ETag ${tag}; the next GET must carry the same`).toBe(tag);
  }
});

/**
 * A label deleted, then DELETEd again with If-Match: the tag it had, and one it never
 * had. Returns the statuses of the repeats; judges what both rules that meet here
 * agree on — the label stays absent, and no new label.deleted effect.
 */
async function conditionalDeletesOfAbsent(ctx: CheckContext): Promise<[string, number][]> {
  const client = resourceApiClient(ctx);
  const label = await taggedLabel(client);
  const deleted = await client.deleteLabel(label.id);
  expect(deleted.statusCode, `DELETE answered ${describeAnswer(deleted)}`).toBe(204);
  // The repeats are judged on a label that is gone: one committed after its 204 is waited for (read-back.ts).
  await settleDeletion(ctx, client, label.id);
  const probe = ctx.target.capabilities.includes('probe');
  const once = probe ? await settledDeletionEffects(ctx, label.id) : 0;
  const answers: [string, number][] = [];
  for (const ifMatch of [label.etag ?? unknownEtag(), unknownEtag()]) {
    answers.push([ifMatch, (await client.deleteLabel(label.id, { ifMatch })).statusCode]);
  }
  expect(await labelExists(client, label.id), 'the label after the repeated conditional DELETEs').toBe(false);
  if (probe) expect(await deletionEffects(ctx, label.id), `label.deleted effects after the repeated conditional DELETEs (after the deletion itself: ${once})`).toBe(once);
  return answers;
}

check('RA-COND-06', async (ctx) => {
  // Absent gives 404 (States and transitions); a stale tag gives 412 (rule 9): the spec does not say which wins.
  expectNone((await conditionalDeletesOfAbsent(ctx)).filter(([, status]) => status !== 404 && status !== 412)
    .map(([ifMatch, status]) => `DELETE of the deleted label with If-Match: ${ifMatch} answered ${status}`), 'a conditional DELETE of an absent label must answer 404 or 412');
});

check('RA-COND-08', async (ctx) => {
  // RFC 9110 §13.2.1: the answer without the precondition would be 404, so the precondition is ignored.
  expectNone((await conditionalDeletesOfAbsent(ctx)).filter(([, status]) => status !== 404)
    .map(([ifMatch, status]) => `DELETE of the deleted label with If-Match: ${ifMatch} answered ${status}`), 'a conditional DELETE of an absent label should answer 404, as without its If-Match');
});

check('RA-COND-07', async (ctx) => {
  const client = resourceApiClient(ctx);
  // The current tag second in a list (with spaces either side of the comma), then *.
  const lists = [(tag: string) => `${unknownEtag()}, ${tag}`, (tag: string) => `${unknownEtag()} ,${tag}`, () => '*'];
  let current = await taggedPreferences(client);
  for (const list of lists) {
    const ifMatch = list(current.etag);
    const response = await client.patchPreferences(!current.weeklyDigest, { ifMatch });
    expect(response.statusCode, `PATCH with If-Match: ${ifMatch} (holding the current tag ${current.etag}) answered ${describeAnswer(response)}`).toBe(204);
    current = (await taggedAfterWrite(ctx, client, !current.weeklyDigest, `PATCH with If-Match: ${ifMatch}`)).current;
  }
  if (current.etag.startsWith('W/')) return ctx.transcript.note(`the preferences' ETag ${current.etag} is weak: the strong comparison is not tried`);
  const weak = await client.patchPreferences(!current.weeklyDigest, { ifMatch: `W/${current.etag}` });
  expect(weak.statusCode, `PATCH with If-Match: W/${current.etag} (a weak tag never matches strongly) answered ${describeAnswer(weak)}`).toBe(412);
  expect((await readPreferences(client)).weeklyDigest, 'weeklyDigest after the 412').toBe(current.weeklyDigest);
});

function applied(response: ParsedResponse): string {
  return (response.header('preference-applied') ?? '').toLowerCase().replace(/\s+/g, '');
}

function digestOf(response: ParsedResponse): unknown {
  try {
    return (response.json() as { weeklyDigest?: unknown }).weeklyDigest;
  } catch {
    return undefined;
  }
}

check('RA-PREFER-01', async (ctx) => {
  const client = resourceApiClient(ctx);
  const seen: string[] = [];
  for (const preference of ['return=representation', 'return=minimal']) {
    const response = await client.patchPreferences(true, { prefer: preference });
    const body = response.body.length === 0 ? 'no content' : `weeklyDigest in the body: ${digestOf(response) === undefined ? 'no' : 'yes'}`;
    seen.push(`Prefer: ${preference} → ${response.statusCode}, Preference-Applied: ${response.header('preference-applied') ?? '(none)'}, ${body}`);
  }
  ctx.observe(seen.join('; '));
});

check('RA-PREFER-02', async (ctx) => {
  const client = resourceApiClient(ctx);
  const value = !(await readPreferences(client)).weeklyDigest;
  const full = await client.patchPreferences(value, { prefer: 'return=representation' });
  if (applied(full).includes('return=representation') || full.statusCode === 200) {
    expect(full.statusCode, `Prefer: return=representation reported as applied, answered ${describeAnswer(full)}`).toBe(200);
    expect(digestOf(full), `the representation must hold the value written (${value}): ${describeAnswer(full)}`).toBe(value);
  } else {
    expectNoContent(full, 'PATCH with Prefer: return=representation not applied (the endpoint\'s own answer)');
  }
  const minimal = await client.patchPreferences(!value, { prefer: 'return=minimal' });
  expectNoContent(minimal, 'PATCH with Prefer: return=minimal (honoured or not, the endpoint answers 204)');
  const reported = applied(minimal);
  expect(reported === '' || reported.includes('return=minimal'), `Preference-Applied on the minimal answer says "${reported}"`).toBe(true);
});
