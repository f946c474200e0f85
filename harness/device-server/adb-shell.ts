// The Android driver's shell, the insecure feature `<android_driver>:adb_shell` ("shell
// access on Android"), reached the one way the checks know: `mobile: shell` with
// {"command": "echo", "args": [word]} through W3C's execute route, POST
// {base}session/{id}/execute/sync — the method of Appium's Android drivers and of the
// reference's simulated one. The spec shows neither ("Route used to call driver execute
// methods: not shown"; "Execute-method names are defined by each driver"), so a check
// judges an instance only where one started with `<driver>:adb_shell` runs it: a 2xx
// answer whose value (or its stdout) is the word, as echo prints it.
import { randomUUID } from 'node:crypto';
import type { CheckContext } from '../checks/check.ts';
import type { DeviceServerTarget } from './device-server-target.ts';
import { newSessionBody } from './session-capabilities.ts';
import { describeAnswer, isObject, isSuccess, type W3cAnswer } from './w3c-answer.ts';
import type { W3cClient } from './w3c-client.ts';

export const SHELL_SCRIPT = 'mobile: shell';

/** What one call of the shell on a fresh session of an instance came to. */
export interface ShellCall {
  /** The new session's answer, when no session was created. */
  readonly refusedSession?: W3cAnswer;
  readonly answer?: W3cAnswer;
  /** 2xx, and what the shell printed is the word it was told to echo (an answer that repeats the command is not it). */
  readonly ran: boolean;
  /** One line for messages: what was sent and what came back. */
  readonly said: string;
}

/** What a shell printed: the value itself (Appium's Android drivers: stdout), or its `stdout` member. */
function shellOutput(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  return isObject(value) && typeof value['stdout'] === 'string' ? value['stdout'] : undefined;
}

/** The spec names adb_shell for the Android driver only: why a target of another platform is not applicable, or undefined. */
export function notAndroidReason(target: DeviceServerTarget): string | undefined {
  if (target.platformName.toLowerCase() === 'android') return undefined;
  return `not applicable: the spec names the shell feature for the Android driver only (\`<android_driver>:adb_shell\`, "shell access on Android"); the target's platformName is ${target.platformName}`;
}

/**
 * Creates a session with the run's capabilities on the server `client` speaks to, calls
 * `mobile: shell` (echo of a fresh word) on it, and deletes the session whatever happened
 * (one device may serve one session at a time).
 */
export async function callShell(client: W3cClient, target: DeviceServerTarget): Promise<ShellCall> {
  const created = await client.newSession(newSessionBody(target));
  if (!created.sessionId) {
    return { refusedSession: created.answer, ran: false, said: `no session was created: ${describeAnswer(created.answer)}` };
  }
  const word = `wirecheck-${randomUUID().slice(0, 8)}`;
  try {
    const answer = await client.execute(created.sessionId, SHELL_SCRIPT, [{ command: 'echo', args: [word] }]);
    const ran = isSuccess(answer) && shellOutput(answer.value)?.trim() === word;
    return { answer, ran, said: `${SHELL_SCRIPT} (echo ${word}) → ${describeAnswer(answer)}${ran ? ': the shell ran' : ''}` };
  } finally {
    await client.deleteSession(created.sessionId);
  }
}

/**
 * The control: on an instance started with `flag` the shell must run, or the check cannot
 * see it anywhere. Throws (the check fails) where no session was created, or where the
 * target declares its shell this way (the reference); otherwise skips as not applicable.
 */
export function requireShellRuns(ctx: CheckContext, target: DeviceServerTarget, call: ShellCall, flag: string): void {
  if (call.refusedSession) {
    throw new Error(`a session with the run's capabilities must be created on an instance whose home holds the driver, started with ${flag} (DS-EXT-01); ${call.said}`);
  }
  if (call.ran) return;
  if (target.mobileShell) {
    throw new Error(`the target declares that its Android driver runs ${SHELL_SCRIPT} through POST .../execute/sync once adb_shell is enabled, `
      + `yet on an instance started with ${flag} ("Enables a scoped feature") ${call.said}`);
  }
  ctx.skip(`not applicable: on an instance started with ${flag}, ${call.said}, not the echoed word. The check reaches the shell only as ${SHELL_SCRIPT} `
    + 'through POST {base}session/{id}/execute/sync (Appium\'s Android drivers; the spec shows neither the route nor the method\'s name), so it cannot see whether the feature is off elsewhere');
}
