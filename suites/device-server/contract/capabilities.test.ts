// New-session request, Capabilities and the base path: legacy members, the vendor
// prefix, an absolute app path and an installed automationName, each refused without
// a session (the spec names the failures, not their answers: DS-ERR-01 records those);
// and a client whose base path differs from the target's gets 404.
import { basename } from 'node:path';
import { expect } from 'vitest';
import { check } from '../../../harness/checks/check.ts';
import { type DeviceServerContext, withDeviceServer } from '../../../harness/device-server/device-server-context.ts';
import { expectRefused, expectStatus, expectSuccess } from '../../../harness/device-server/expect-answer.ts';
import { newSessionBody, sessionCaps, vendorCap } from '../../../harness/device-server/session-capabilities.ts';
import { listedIds } from '../../../harness/device-server/session-listing.ts';
import { describeAnswer, type W3cAnswer } from '../../../harness/device-server/w3c-answer.ts';

const NO_SUCH_DRIVER = 'WirecheckNoSuchDriver';

/** Requests that must create no session, by name. */
function refusedRequests(ds: DeviceServerContext): Record<string, unknown> {
  const { target } = ds;
  const app = target.app ? basename(target.app) : 'app.apk';
  return {
    'legacy desiredCapabilities': { desiredCapabilities: sessionCaps(target) },
    'legacy requiredCapabilities': { requiredCapabilities: sessionCaps(target) },
    'unprefixed deviceName': newSessionBody(target, { [vendorCap(target, 'deviceName')]: undefined, deviceName: target.deviceName ?? 'wirecheck-device' }),
    'relative vendor:app': newSessionBody(target, { [vendorCap(target, 'app')]: `wirecheck-no-such-dir/${app}` }),
    'unknown automationName': newSessionBody(target, { [vendorCap(target, 'automationName')]: NO_SUCH_DRIVER }),
  };
}

/** Sends `body`; it must be refused, and no session may appear (in the answer or, with discovery, the listing). */
async function expectNoSession(ds: DeviceServerContext, what: string, body: unknown): Promise<W3cAnswer> {
  const discovery = ds.target.capabilities.includes('session-discovery');
  const before = discovery ? listedIds(await ds.client.listSessions()) : [];
  const { answer, sessionId } = await ds.sessions.request(body);
  expect(sessionId, `${what} must create no session; got ${describeAnswer(answer)}`).toBeUndefined();
  expectRefused(answer, what);
  if (discovery) {
    const added = listedIds(await ds.client.listSessions()).filter((id) => !before.includes(id));
    expect(added, `${what}: the session listing must show no new session`).toEqual([]);
  }
  return answer;
}

check('DS-CAPS-01', (ctx) => withDeviceServer(ctx, async (ds) => {
  const requests = refusedRequests(ds);
  await expectNoSession(ds, 'a body with only desiredCapabilities', requests['legacy desiredCapabilities']);
  await expectNoSession(ds, 'a body with only requiredCapabilities', requests['legacy requiredCapabilities']);
}));

check('DS-CAPS-02', (ctx) => withDeviceServer(ctx, async (ds) => {
  await expectNoSession(ds, 'capabilities with an unprefixed deviceName', refusedRequests(ds)['unprefixed deviceName']);
}));

check('DS-CAPS-03', (ctx) => withDeviceServer(ctx, async (ds) => {
  await expectNoSession(ds, 'a relative vendor:app', refusedRequests(ds)['relative vendor:app']);
}));

check('DS-CAPS-05', (ctx) => withDeviceServer(ctx, async (ds) => {
  await expectNoSession(ds, `vendor:automationName "${NO_SUCH_DRIVER}"`, refusedRequests(ds)['unknown automationName']);
}));

/** Requests whose shape or capability types differ from the spec's tables, by name. */
function mistypedRequests(ds: DeviceServerContext): Record<string, unknown> {
  const { target } = ds;
  const caps = sessionCaps(target);
  const typed = (name: string, value: unknown) => newSessionBody(target, { [name]: value });
  return {
    // Empty, with the capabilities in firstMatch: a server that takes it as {} would create a session.
    'alwaysMatch an array': { capabilities: { alwaysMatch: [], firstMatch: [caps] } },
    // Array-like, so a server that reads it as an array without asking would take it.
    'firstMatch an object': { capabilities: { alwaysMatch: caps, firstMatch: { length: 0 } } },
    'a firstMatch entry that is a number': { capabilities: { alwaysMatch: caps, firstMatch: [5] } },
    'platformName an array': typed('platformName', [target.platformName]),
    'vendor:automationName an array': typed(vendorCap(target, 'automationName'), [target.automationName]),
    'vendor:app a number': typed(vendorCap(target, 'app'), 12345),
    'vendor:newCommandTimeout a word': typed(vendorCap(target, 'newCommandTimeout'), 'a minute'),
  };
}

check('DS-CAPS-06', (ctx) => withDeviceServer(ctx, async (ds) => {
  for (const [what, body] of Object.entries(mistypedRequests(ds))) {
    const { answer, sessionId } = await ds.sessions.request(body);
    if (sessionId) await ds.sessions.delete(sessionId);
    ctx.observe(`${what} → ${sessionId ? 'a session was created' : `refused: ${describeAnswer(answer)}`}`);
  }
}));

check('DS-CAPS-07', (ctx) => withDeviceServer(ctx, async ({ target, sessions }) => {
  const { answer, sessionId } = await sessions.request(newSessionBody(target, { [vendorCap(target, 'newCommandTimeout')]: 60 }));
  expect(sessionId, `capabilities with ${vendorCap(target, 'newCommandTimeout')}: 60 must create a session; got ${describeAnswer(answer)}`).toBeDefined();
}));

check('DS-ERR-01', (ctx) => withDeviceServer(ctx, async (ds) => {
  const { client, sessions, target } = ds;
  for (const [what, body] of Object.entries(refusedRequests(ds))) {
    const { answer, sessionId } = await sessions.request(body);
    if (sessionId) await sessions.delete(sessionId);
    ctx.observe(`${what} → ${describeAnswer(answer)}`);
  }
  ctx.observe(`removed GET {base}sessions → ${describeAnswer(await client.send('GET', 'sessions'))}`);
  const id = await sessions.create(newSessionBody(target));
  await sessions.delete(id);
  ctx.observe(`a command on a deleted session → ${describeAnswer(await client.alertText(id))}`);
}));

check('DS-BASE-01', (ctx) => withDeviceServer(ctx, async ({ target, client, sessions }) => {
  const own = new URL(target.baseUrl).pathname;
  const other = own === '/' ? '/wd/hub/' : '/';
  expectSuccess(await client.status(), `GET ${own}status (the target's base path)`);
  expectStatus(await client.send('GET', `${other}status`), 404, `GET ${other}status (a client with another base path)`);
  expectStatus((await sessions.request(newSessionBody(target), `${other}session`)).answer, 404, `POST ${other}session (a client with another base path)`);
}));
