// "Security-sensitive features are off until enabled by a scoped flag": the Android
// driver's shell (`<android_driver>:adb_shell`), on instances the harness starts through
// the server command, each with a home holding the driver. The control: an instance
// started with `--allow-insecure=<driver>:adb_shell` runs `mobile: shell` (the word it
// echoes comes back; harness/device-server/adb-shell.ts). DS-SEC-03: started with no
// --allow-insecure, with another driver's scope, or with another feature for the
// driver, it does not. DS-SEC-04: `*:adb_shell` ("`*` for all") turns it on too.
// Session discovery, the other known feature, is server-wide: DS-DISC-03, DS-DISC-05
// and DS-CLI-05 judge its flag.
import { dirname } from 'node:path';
import { afterAll, expect } from 'vitest';
import { check, type CheckContext } from '../../../harness/checks/check.ts';
import { callShell, notAndroidReason, requireShellRuns, type ShellCall } from '../../../harness/device-server/adb-shell.ts';
import { withDeviceServer } from '../../../harness/device-server/device-server-context.ts';
import { noDriverPackage } from '../../../harness/device-server/driver-source.ts';
import { InstancePool } from '../../../harness/device-server/instance-pool.ts';
import { attemptStart } from '../../../harness/device-server/server-instance.ts';
import { homeWithDriver, plainInstance } from '../../../harness/device-server/shared-instances.ts';
import type { DeviceServerTarget } from '../../../harness/device-server/device-server-target.ts';
import { isSuccess } from '../../../harness/device-server/w3c-answer.ts';
import type { W3cClient } from '../../../harness/device-server/w3c-client.ts';

const pool = new InstancePool();
afterAll(() => pool.stopAll());

/** Each check starts up to four instances and creates a session on each (a real device takes its time). */
const SCOPED_FEATURE_TIMEOUT = { timeout: 240_000 } as const;

/** A driver name no server has: a scope that names another driver than the target's. */
const OTHER_DRIVER = 'wirecheck-other-driver';

/** What a start with `flags` came to: the shell's call where it served, or why there was none. */
interface FlagOutcome {
  readonly flags: string;
  readonly call?: ShellCall;
  /** Where it did not serve: refused at start, or neither within the time given. */
  readonly notServed?: string;
}

/**
 * Starts the server command with `flags` on a home holding the driver (the app's folder
 * its working directory, as the plain instance), calls the shell on a fresh session if it
 * serves, and stops it.
 */
async function shellWith(ctx: CheckContext, target: DeviceServerTarget, home: string, clientOf: (url: string) => W3cClient, label: string, flags: readonly string[]): Promise<FlagOutcome> {
  const shown = flags.length > 0 ? flags.join(' ') : 'no --allow-insecure';
  const attempt = await attemptStart(target, ctx.run.reportDir, { label, home, flags, timeoutMs: 30_000, ...(target.app ? { cwd: dirname(target.app) } : {}) });
  pool.onStop(attempt.stop);
  try {
    if (attempt.servedOn === undefined) {
      const notServed = attempt.exited ? `refused to start (exit ${attempt.code})` : 'neither served nor exited within the time given';
      ctx.transcript.note(`${shown}: \`${attempt.command}\` ${notServed}\n${attempt.output.slice(-1500)}`);
      return { flags: shown, notServed };
    }
    const call = await callShell(clientOf(`http://127.0.0.1:${attempt.servedOn}/`), target);
    ctx.transcript.note(`${shown}: \`${attempt.command}\`; ${call.said}`);
    return { flags: shown, call };
  } finally {
    await attempt.stop();
  }
}

/** The control on the plain instance (`<driver>:adb_shell`): the shell must run there, or the check is not applicable (or fails: adb-shell.ts). */
async function control(ctx: CheckContext, target: DeviceServerTarget, clientOf: (url: string) => W3cClient): Promise<string> {
  const skip = notAndroidReason(target);
  if (skip) ctx.skip(skip);
  const home = await homeWithDriver(pool, ctx);
  if (!home) noDriverPackage(ctx, target);
  const flag = `--allow-insecure=${target.driverName}:adb_shell`;
  const call = await callShell(clientOf((await plainInstance(pool, ctx)).baseUrl), target);
  ctx.transcript.note(`control, ${flag}: ${call.said}`);
  requireShellRuns(ctx, target, call, flag);
  return home;
}

check('DS-SEC-03', (ctx) => withDeviceServer(ctx, async ({ target, clientOf }) => {
  const home = await control(ctx, target, clientOf);
  const off: [string, string[]][] = [
    ['no-insecure-flag', []],
    ['other-driver-scope', [`--allow-insecure=${OTHER_DRIVER}:adb_shell`]],
    ['other-feature', [`--allow-insecure=${target.driverName}:session_discovery`]],
  ];
  // One at a time: each creates a session, and a real device takes one at a time.
  for (const [label, flags] of off) {
    const outcome = await shellWith(ctx, target, home, clientOf, `shell-${label}`, flags);
    if (!outcome.call) continue; // no server, no shell: the feature is not on
    expect(outcome.call.refusedSession, `${outcome.flags}: a session with the run's capabilities must be created, as on the instance with ${target.driverName}:adb_shell; ${outcome.call.said}`).toBeUndefined();
    expect(outcome.call.answer !== undefined && isSuccess(outcome.call.answer), `on an instance started with ${outcome.flags}, ${outcome.call.said}. The shell is a security-sensitive feature, `
      + `off until a flag scoped to the driver (${target.driverName}:adb_shell or *:adb_shell) enables it: it must not run (any non-2xx answer)`).toBe(false);
  }
}), SCOPED_FEATURE_TIMEOUT);

check('DS-SEC-04', (ctx) => withDeviceServer(ctx, async ({ target, clientOf }) => {
  const home = await control(ctx, target, clientOf);
  const outcome = await shellWith(ctx, target, home, clientOf, 'shell-wildcard', ['--allow-insecure=*:adb_shell']);
  expect(outcome.notServed, `a server started with --allow-insecure=*:adb_shell (a scoped feature, "\`*\` for all") must serve: it ${outcome.notServed ?? ''}`).toBeUndefined();
  expect(outcome.call?.ran, `--allow-insecure=*:adb_shell ("Scope is a driver name, or \`*\` for all") must enable the shell for the driver, as ${target.driverName}:adb_shell does; ${outcome.call?.said ?? ''}`).toBe(true);
}), SCOPED_FEATURE_TIMEOUT);
