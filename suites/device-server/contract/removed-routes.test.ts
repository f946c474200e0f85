// Removed legacy routes and what replaces them: each removed route answers an
// unknown-command failure and never does what it once did (no listing, the alert stays
// open, nothing launches); POST .../alert/accept, W3C Actions and the driver's execute
// methods (their names are the driver's: recorded, not judged) take their place. A
// removed session route is proven gone by answering as a made-up route does, on a live
// session and on an unknown id: `invalid session id` alone would show only that the
// server looked the session up, i.e. still routes it.
import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { check } from '../../../harness/checks/check.ts';
import { alertIsOpen, requireAlert } from '../../../harness/device-server/alert.ts';
import { withDeviceServer } from '../../../harness/device-server/device-server-context.ts';
import { expectAnswersAsUnknownRoute, expectSuccess, expectUnknownCommand } from '../../../harness/device-server/expect-answer.ts';
import { newSessionBody } from '../../../harness/device-server/session-capabilities.ts';
import { describeAnswer, type W3cAnswer } from '../../../harness/device-server/w3c-answer.ts';
import type { Method, W3cClient } from '../../../harness/device-server/w3c-client.ts';

check('DS-LEGACY-01', (ctx) => withDeviceServer(ctx, async ({ target, client, sessions }) => {
  const id = await sessions.create(newSessionBody(target));
  const answer = await client.send('GET', 'sessions');
  expectUnknownCommand(answer, 'GET {base}sessions');
  expect(answer.text, 'the removed route must not list the active session').not.toContain(id);
}));

/** A removed route: method, path under the session, and the body its protocol sent. */
type RemovedRoute = readonly [Method, string, unknown?];

/** The touch routes of the JSON Wire Protocol and Appium 2 ("`/touch/perform` and other legacy touch routes"). */
function touchRoutes(): RemovedRoute[] {
  const at = { x: 10, y: 10 };
  const tap = { action: 'tap', options: at };
  const element = randomUUID();
  return [
    ['POST', 'touch/click', { element }],
    ['POST', 'touch/down', at],
    ['POST', 'touch/up', at],
    ['POST', 'touch/move', at],
    ['POST', 'touch/scroll', { xoffset: 0, yoffset: 10 }],
    ['POST', 'touch/doubleclick', { element }],
    ['POST', 'touch/longclick', { element }],
    ['POST', 'touch/flick', { xspeed: 10, yspeed: 10 }],
    ['POST', 'touch/perform', { actions: [tap] }],
    ['POST', 'touch/multi/perform', { actions: [[tap], [tap]], elementId: element }],
  ];
}

/** The legacy alert routes ("POST `.../accept_alert` (legacy alert routes)"): JSONWP's accept, dismiss, and get and send text. */
const ALERT_ROUTES: readonly RemovedRoute[] = [
  ['POST', 'accept_alert', {}],
  ['POST', 'alert_text', { text: 'wirecheck' }],
  ['GET', 'alert_text'],
  ['POST', 'dismiss_alert', {}],
];

/**
 * Each route, on session `id`, must answer as a route the server never had does on
 * the same session (same method): not 2xx, same status, same W3C error code.
 */
async function expectRemovedOn(client: W3cClient, id: string, routes: readonly RemovedRoute[], where: string): Promise<void> {
  const madeUpPath = `wirecheck-no-such-route-${randomUUID().slice(0, 8)}`;
  const madeUp = new Map<Method, W3cAnswer>();
  for (const [method, path, body] of routes) {
    if (!madeUp.has(method)) madeUp.set(method, await client.session(id, method, madeUpPath, method === 'GET' ? undefined : {}));
    const answer = await client.session(id, method, path, body);
    expectAnswersAsUnknownRoute(answer, madeUp.get(method) as W3cAnswer, `${method} .../${path} on ${where}`);
  }
}

/** On a live session, then on a session id that was never created. */
async function expectRemoved(client: W3cClient, liveId: string, routes: readonly RemovedRoute[]): Promise<void> {
  await expectRemovedOn(client, liveId, routes, 'a live session');
  await expectRemovedOn(client, `wirecheck-no-such-session-${randomUUID()}`, routes, 'an unknown session id');
}

check('DS-LEGACY-02', (ctx) => withDeviceServer(ctx, async ({ target, client, sessions }) => {
  const id = await sessions.create(newSessionBody(target));
  await requireAlert(ctx, target, client, id);
  await expectRemoved(client, id, ALERT_ROUTES);
  expect(await alertIsOpen(client, id), 'the removed alert routes must leave the alert open').toBe(true);
}));

check('DS-LEGACY-03', (ctx) => withDeviceServer(ctx, async ({ target, client, sessions }) => {
  const id = await sessions.create(newSessionBody(target));
  if (await alertIsOpen(client, id)) await client.acceptAlert(id);
  await expectRemoved(client, id, ['launch', 'close', 'reset'].map((action) => ['POST', `${target.vendor}/app/${action}`, {}] as const));
  // A launch brings the app to the foreground (the reference's app then shows its alert).
  expect(await alertIsOpen(client, id), 'the removed app routes must launch nothing: an alert appeared').toBe(false);
}));

check('DS-LEGACY-04', (ctx) => withDeviceServer(ctx, async ({ target, client, sessions }) => {
  await expectRemoved(client, await sessions.create(newSessionBody(target)), touchRoutes());
}));

const TAP = {
  actions: [{
    type: 'pointer', id: 'finger1', parameters: { pointerType: 'touch' },
    actions: [
      { type: 'pointerMove', duration: 0, x: 100, y: 200 },
      { type: 'pointerDown', button: 0 },
      { type: 'pause', duration: 50 },
      { type: 'pointerUp', button: 0 },
    ],
  }],
};

check('DS-ALERT-01', (ctx) => withDeviceServer(ctx, async ({ target, client, sessions }) => {
  const id = await sessions.create(newSessionBody(target));
  await requireAlert(ctx, target, client, id);
  expectSuccess(await client.acceptAlert(id), 'POST .../alert/accept with an alert open');
  expect(await alertIsOpen(client, id), 'after accepting it, no alert may be open (GET .../alert/text must fail)').toBe(false);
}));

check('DS-EXEC-01', (ctx) => withDeviceServer(ctx, async ({ target, client, sessions }) => {
  const id = await sessions.create(newSessionBody(target));
  expectSuccess(await client.session(id, 'POST', 'actions', TAP), 'POST .../actions with a W3C pointer (touch) sequence');
  expectSuccess(await client.session(id, 'DELETE', 'actions'), 'DELETE .../actions (release)');
}));

check('DS-EXEC-02', (ctx) => withDeviceServer(ctx, async ({ target, client, sessions }) => {
  const id = await sessions.create(newSessionBody(target));
  if (await alertIsOpen(client, id)) await client.acceptAlert(id);
  ctx.observe(`alert open after accepting any open alert: ${(await alertIsOpen(client, id)) ? 'yes' : 'no'}`);
  ctx.observe(`mobile: launchApp → ${describeAnswer(await client.execute(id, 'mobile: launchApp', [{}]))}`);
  ctx.observe(`alert open after launchApp: ${(await alertIsOpen(client, id)) ? 'yes' : 'no'}`);
  ctx.observe(`mobile: activateApp → ${describeAnswer(await client.execute(id, 'mobile: activateApp', [{}]))}`);
}));
