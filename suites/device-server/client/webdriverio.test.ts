// The client users have: a session through webdriverio's remote(), its alert API
// (what replaces the legacy alert routes) and its deleteSession().
import { expect } from 'vitest';
import { check } from '../../../harness/checks/check.ts';
import { alertIsOpen, requireAlert } from '../../../harness/device-server/alert.ts';
import { withDeviceServer } from '../../../harness/device-server/device-server-context.ts';
import { expectRefused } from '../../../harness/device-server/expect-answer.ts';
import { wdioSession } from '../../../harness/device-server/wdio-session.ts';

check('DS-SESS-07', (ctx) => withDeviceServer(ctx, async ({ target, client, sessions }) => {
  const browser = await wdioSession(target, ctx.transcript);
  sessions.adopt(browser.sessionId);
  expect(browser.sessionId, 'remote() must give a session id').toBeTruthy();
  await browser.deleteSession();
  sessions.forget(browser.sessionId);
  expectRefused(await client.alertText(browser.sessionId), 'a command on the session webdriverio deleted');
}));

check('DS-ALERT-02', (ctx) => withDeviceServer(ctx, async ({ target, client, sessions }) => {
  const browser = await wdioSession(target, ctx.transcript);
  sessions.adopt(browser.sessionId);
  await requireAlert(ctx, target, client, browser.sessionId);
  await browser.acceptAlert();
  expect(await alertIsOpen(client, browser.sessionId), 'after acceptAlert(), no alert may be open').toBe(false);
}));
