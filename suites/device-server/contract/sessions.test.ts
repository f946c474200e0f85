// Status, sessions and session discovery: GET {base}status, a session created from W3C
// capabilities and named by the id returned, ended by deletion with no orphan left on
// the device (a command that succeeded on it while it was live fails afterwards; W3C's
// invalid session id is a SHOULD: the spec shows no error bodies), and — with
// *:session_discovery — listed by GET {base}vendor/sessions. The spec shows no deletion
// route: the checks that judge what follows a deletion use W3C's and are skipped where it
// does not answer 2xx.
import { expect } from 'vitest';
import { check } from '../../../harness/checks/check.ts';
import { type DeviceServerContext, withDeviceServer } from '../../../harness/device-server/device-server-context.ts';
import { expectRefused, expectSuccess } from '../../../harness/device-server/expect-answer.ts';
import { newSessionBody, sessionCaps, vendorCap } from '../../../harness/device-server/session-capabilities.ts';
import { commandsAnsweredLive, deleteOrSkip } from '../../../harness/device-server/session-deletion.ts';
import { listedIds } from '../../../harness/device-server/session-listing.ts';
import { describeAnswer, isObject, sessionIdOf, type W3cAnswer } from '../../../harness/device-server/w3c-answer.ts';

check('DS-STATUS-01', (ctx) => withDeviceServer(ctx, async ({ target, client, sessions }) => {
  const answer = await client.status();
  expectSuccess(answer, 'GET {base}status');
  const ready = isObject(answer.value) ? answer.value['ready'] : undefined;
  expect(typeof ready, `value.ready must be a boolean; got ${describeAnswer(answer)}`).toBe('boolean');
  // A true value promises no session, so it is never judged on its own. A false one says a
  // session could not be created now: ask for one at once, and judge what happens.
  if (ready === true) return;
  const { answer: created, sessionId } = await sessions.request(newSessionBody(target));
  expect(sessionId, `value.ready was false ("true when the server is ready"), yet a new session with the target's capabilities requested right after `
    + `was created (${describeAnswer(created)}): the server was ready`).toBeUndefined();
}));

check('DS-SESS-01', (ctx) => withDeviceServer(ctx, async ({ target, sessions }) => {
  const { answer, sessionId } = await sessions.request(newSessionBody(target));
  expectSuccess(answer, 'a new session with the target\'s capabilities');
  expect(sessionId, `the answer must carry the new session's id (value.sessionId); got ${describeAnswer(answer)}`).toBeTruthy();
}));

check('DS-SESS-02', (ctx) => withDeviceServer(ctx, async ({ target, sessions }) => {
  const { answer } = await sessions.request(newSessionBody(target));
  const value = isObject(answer.value) ? answer.value : undefined;
  const caps = value && isObject(value['capabilities']) ? value['capabilities'] : undefined;
  const prefix = `${target.vendor}:`;
  const stripped = caps ? (Object.keys(caps).some((k) => k.startsWith(prefix)) ? `keeps the ${prefix} prefix` : `${prefix} prefix stripped`) : 'no capabilities';
  ctx.observe(`${answer.status}; top-level keys ${JSON.stringify(isObject(answer.json) ? Object.keys(answer.json) : [])}; `
    + `value keys ${JSON.stringify(value ? Object.keys(value).sort() : [])}; capabilities: ${stripped}; `
    + `session id ${sessionIdOf(answer) ? 'present' : 'absent'}`);
}));

check('DS-SESS-03', (ctx) => withDeviceServer(ctx, async ({ target, sessions }) => {
  const automation = vendorCap(target, 'automationName');
  const always = sessionCaps(target, { [automation]: undefined });
  const body = { capabilities: { alwaysMatch: always, firstMatch: [{ [automation]: target.automationName }, { [automation]: 'WirecheckNoSuchDriver' }] } };
  const { answer, sessionId } = await sessions.request(body);
  expectSuccess(answer, `alwaysMatch without ${automation}, firstMatch [{${automation}: "${target.automationName}"}, {another}]`);
  expect(sessionId, 'the merged capabilities must create a session with an id').toBeTruthy();
}));

/**
 * The commands that succeeded on a live session, sent again once it is deleted (W3C's
 * route; skipped where it does not answer 2xx, or where no command succeeded live).
 */
async function commandsOnDeleted(ds: DeviceServerContext): Promise<[string, W3cAnswer][]> {
  const { ctx, target, client, sessions } = ds;
  const id = await sessions.create(newSessionBody(target));
  const answered = await commandsAnsweredLive(ctx, client, id);
  await deleteOrSkip(ctx, sessions, id);
  const after: [string, W3cAnswer][] = [];
  for (const command of answered) after.push([`${command.what}, which succeeded on the live session, on the deleted session`, await client.session(id, command.method, command.path, command.body)]);
  return after;
}

check('DS-SESS-04', (ctx) => withDeviceServer(ctx, async (ds) => {
  for (const [what, answer] of await commandsOnDeleted(ds)) expectRefused(answer, `${what} (the session has ended)`);
}));

check('DS-SESS-08', (ctx) => withDeviceServer(ctx, async (ds) => {
  for (const [what, answer] of await commandsOnDeleted(ds)) {
    const shown = `${what}: W3C WebDriver answers a session id that is not in the list of active sessions with 404 "invalid session id"; got ${describeAnswer(answer)}`;
    expect(answer.error?.error, shown).toBe('invalid session id');
    expect(answer.status, shown).toBe(404);
  }
}));

check('DS-SESS-05', (ctx) => withDeviceServer(ctx, async ({ target, client, sessions }) => {
  const first = await sessions.create(newSessionBody(target));
  await deleteOrSkip(ctx, sessions, first);
  const { answer, sessionId } = await sessions.request(newSessionBody(target));
  expect(sessionId, `the device ${target.deviceName ?? '(default)'} must take a new session once the old one is deleted; got ${describeAnswer(answer)}`).toBeTruthy();
  if (!target.capabilities.includes('session-discovery')) return;
  const listing = await client.listSessions();
  expectSuccess(listing, `GET {base}${target.vendor}/sessions`);
  expect(listedIds(listing), 'the deleted session must not be listed').not.toContain(first);
}));

check('DS-SESS-06', (ctx) => withDeviceServer(ctx, async ({ target, sessions }) => {
  const id = await sessions.create(newSessionBody(target));
  const first = await sessions.delete(id);
  const second = await sessions.delete(id);
  ctx.observe(`DELETE {base}session/{id} → ${describeAnswer(first)}; again → ${describeAnswer(second)}`);
}));

check('DS-DISC-01', (ctx) => withDeviceServer(ctx, async ({ target, client, sessions }) => {
  const id = await sessions.create(newSessionBody(target));
  const answer = await client.listSessions();
  expectSuccess(answer, `GET {base}${target.vendor}/sessions`);
  expect(Array.isArray(answer.value), `value must be an array of sessions; got ${describeAnswer(answer)}`).toBe(true);
  expect(listedIds(answer), 'the active session must be listed by its id').toContain(id);
}));

check('DS-DISC-02', (ctx) => withDeviceServer(ctx, async ({ target, client, sessions }) => {
  const id = await sessions.create(newSessionBody(target));
  await deleteOrSkip(ctx, sessions, id);
  const answer = await client.listSessions();
  expectSuccess(answer, `GET {base}${target.vendor}/sessions`);
  expect(answer.value, `with no active session, value must be an empty array; got ${describeAnswer(answer)}`).toEqual([]);
}));
