// An open alert for the alert checks. The spec has no route that raises one, so the
// app under test must: the reference's simulated app shows one at launch; Appium's
// fake driver opens one when an element with a showAlert attribute is clicked
// (fixtures/device-server/fake-app.xml has one). Anything else: not applicable — but
// a target that declares an alert at launch (the bundled reference) fails without one.
import type { CheckContext } from '../checks/check.ts';
import type { DeviceServerTarget } from './device-server-target.ts';
import { isObject, isSuccess } from './w3c-answer.ts';
import type { W3cClient } from './w3c-client.ts';

const ELEMENT_KEY = 'element-6066-11e4-a52e-4f735466cecf';
const ALERT_RAISER = '//*[@showAlert]';

export const NO_ALERT_REASON =
  'not applicable: the app under test shows no alert at launch and has no element matching //*[@showAlert] that raises one (see docs/systems/device-server.md, Alerts)';

export async function alertIsOpen(client: W3cClient, sessionId: string): Promise<boolean> {
  return isSuccess(await client.alertText(sessionId));
}

/** True once an alert is open in the session; false when the app offers no way to raise one. */
export async function ensureAlert(client: W3cClient, sessionId: string): Promise<boolean> {
  if (await alertIsOpen(client, sessionId)) return true;
  const found = await client.session(sessionId, 'POST', 'element', { using: 'xpath', value: ALERT_RAISER });
  const element = isObject(found.value) ? (found.value[ELEMENT_KEY] ?? found.value['ELEMENT']) : undefined;
  if (!isSuccess(found) || typeof element !== 'string') return false;
  await client.session(sessionId, 'POST', `element/${encodeURIComponent(element)}/click`, {});
  return alertIsOpen(client, sessionId);
}

/** Opens an alert, or ends the check: skipped where the app offers none, failed where the target declares one at launch. */
export async function requireAlert(ctx: CheckContext, target: DeviceServerTarget, client: W3cClient, sessionId: string): Promise<void> {
  if (await ensureAlert(client, sessionId)) return;
  if (target.alertAtLaunch) throw new Error('the target\'s app shows an alert at launch, yet none is open in a new session (GET .../alert/text fails)');
  ctx.skip(NO_ALERT_REASON);
}
