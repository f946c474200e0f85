// Removed legacy routes and what replaces them: each removed route answers an
// unknown-command failure and never does what it once did (no listing, the alert stays
// open, nothing launches); POST .../alert/accept, W3C Actions and the driver's execute
// methods (their names are the driver's: recorded, not judged) take their place.
import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { check } from '../../../harness/checks/check.ts';
import { alertIsOpen, requireAlert } from '../../../harness/device-server/alert.ts';
import { withDeviceServer } from '../../../harness/device-server/device-server-context.ts';
import { expectSuccess, expectUnknownCommand } from '../../../harness/device-server/expect-answer.ts';
import { newSessionBody } from '../../../harness/device-server/session-capabilities.ts';
import { describeAnswer } from '../../../harness/device-server/w3c-answer.ts';

check('DS-LEGACY-01', (ctx) => withDeviceServer(ctx, async ({ target, client, sessions }) => {
  const id = await sessions.create(newSessionBody(target));
  const answer = await client.send('GET', 'sessions');
  expectUnknownCommand(answer, 'GET {base}sessions');
  expect(answer.text, 'the removed route must not list the active session').not.toContain(id);
}));

check('DS-LEGACY-02', (ctx) => withDeviceServer(ctx, async ({ target, client, sessions }) => {
  const id = await sessions.create(newSessionBody(target));
  await requireAlert(ctx, target, client, id);
  expectUnknownCommand(await client.session(id, 'POST', 'accept_alert', {}), 'POST .../accept_alert');
  expectUnknownCommand(await client.session(id, 'POST', 'dismiss_alert', {}), 'POST .../dismiss_alert');
  expectUnknownCommand(await client.session(id, 'GET', 'alert_text'), 'GET .../alert_text');
  expect(await alertIsOpen(client, id), 'the removed alert routes must leave the alert open').toBe(true);
}));

check('DS-LEGACY-03', (ctx) => withDeviceServer(ctx, async ({ target, client, sessions }) => {
  const id = await sessions.create(newSessionBody(target));
  if (await alertIsOpen(client, id)) await client.acceptAlert(id);
  for (const action of ['launch', 'close', 'reset']) {
    expectUnknownCommand(await client.session(id, 'POST', `${target.vendor}/app/${action}`, {}), `POST .../${target.vendor}/app/${action}`);
  }
  // A launch brings the app to the foreground (the reference's app then shows its alert).
  expect(await alertIsOpen(client, id), 'the removed app routes must launch nothing: an alert appeared').toBe(false);
}));

check('DS-LEGACY-04', (ctx) => withDeviceServer(ctx, async ({ target, client, sessions }) => {
  const id = await sessions.create(newSessionBody(target));
  const tap = { action: 'tap', options: { x: 10, y: 10 } };
  expectUnknownCommand(await client.session(id, 'POST', 'touch/perform', { actions: [tap] }), 'POST .../touch/perform');
  expectUnknownCommand(await client.session(id, 'POST', 'touch/multi/perform', { actions: [[tap], [tap]], elementId: randomUUID() }), 'POST .../touch/multi/perform');
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
