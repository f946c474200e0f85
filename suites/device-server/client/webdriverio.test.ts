// The client users have: a session through webdriverio's remote() and its
// deleteSession() (SHOULD: both need W3C's shapes, which the spec does not show), and
// its alert API (what replaces the legacy alert routes), attached to a session the check
// created with a plain new-session request.
import { expect } from 'vitest';
import { check } from '../../../harness/checks/check.ts';
import { alertIsOpen, requireAlert } from '../../../harness/device-server/alert.ts';
import { withDeviceServer } from '../../../harness/device-server/device-server-context.ts';
import { expectRefused } from '../../../harness/device-server/expect-answer.ts';
import { newSessionBody } from '../../../harness/device-server/session-capabilities.ts';
import { wdioAttach, wdioSession } from '../../../harness/device-server/wdio-session.ts';

check('DS-SESS-07', (ctx) => withDeviceServer(ctx, async ({ target, client, sessions }) => {
  const browser = await wdioSession(target, ctx.transcript);
  sessions.adopt(browser.sessionId);
  expect(browser.sessionId, 'remote() must give a session id').toBeTruthy();
  await browser.deleteSession();
  sessions.forget(browser.sessionId);
  expectRefused(await client.alertText(browser.sessionId), 'a command on the session webdriverio deleted');
}));

check('DS-ALERT-02', (ctx) => withDeviceServer(ctx, async ({ target, client, sessions }) => {
  const id = await sessions.create(newSessionBody(target));
  await requireAlert(ctx, target, client, id);
  const browser = await wdioAttach(target, id, ctx.transcript);
  await browser.acceptAlert();
  expect(await alertIsOpen(client, id), 'after webdriverio acceptAlert(), no alert may be open').toBe(false);
}));
