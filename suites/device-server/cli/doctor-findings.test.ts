// What `driver doctor` finds: on a machine where none of the Android driver's
// dependencies can be found, each of them must be reported missing; where each is where
// it belongs, each must be reported found. The harness cannot remove them from this
// machine, so it hides them: a PATH holding only node and npm (the CLI needs them), the
// SDK and Java variables unset or pointing at nothing, or at stub SDK and JDK trees.
import { chmodSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, expect } from 'vitest';
import { check, type CheckContext } from '../../../harness/checks/check.ts';
import { deviceServerTarget } from '../../../harness/device-server/device-server-context.ts';
import { noSourceReason } from '../../../harness/device-server/driver-source.ts';
import { cliIn } from '../../../harness/device-server/extension-listing.ts';
import { findOnPath } from '../../../harness/device-server/find-on-path.ts';
import { InstancePool } from '../../../harness/device-server/instance-pool.ts';
import { describeRun, SERVER_COMMAND_TIMEOUT } from '../../../harness/device-server/server-command.ts';
import { homeWithDriver } from '../../../harness/device-server/shared-instances.ts';
import type { DeviceServerTarget } from '../../../harness/target/target-info.ts';

const pool = new InstancePool();
afterAll(() => pool.stopAll());

/** The dependencies the spec names for the Android driver, as a ✖ line must name them. */
const DEPENDENCIES: readonly [string, RegExp][] = [['the Android SDK', /android[ _-]?(sdk|home)/i], ['ADB', /\badb\b/i], ['Java', /\bjava/i]];
const MISSING_LINE = /^.*✖.*$/gm;
const FOUND_LINE = /^.*✔.*$/gm;

/** A directory holding links to node and npm only, a path where nothing is, and their root (for stubs); removed after the file. */
function bareDirs(commandPath: string | undefined): { path: string; nothing: string; root: string } {
  const root = mkdtempSync(join(tmpdir(), 'wirecheck-bare-path-'));
  pool.onStop(() => rmSync(root, { recursive: true, force: true }));
  const bin = join(root, 'bin');
  mkdirSync(bin);
  symlinkSync(process.execPath, join(bin, 'node'));
  const npm = findOnPath('npm', commandPath);
  if (npm) symlinkSync(npm, join(bin, 'npm'));
  return { path: bin, nothing: join(root, 'no-such-dir'), root };
}

/** An executable shell script at root/relative that prints `says`. */
function stubExecutable(root: string, relative: string, says: string): void {
  const file = join(root, relative);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, `#!/bin/sh\necho '${says}' >&2\n`);
  chmodSync(file, 0o755);
}

/** An SDK holding the tools Android drivers look for, and a JDK holding bin/java: stubs that only print. */
function stubSdkAndJdk(root: string): { sdk: string; jdk: string } {
  const sdk = join(root, 'sdk');
  const jdk = join(root, 'jdk');
  for (const tool of ['platform-tools/adb', 'emulator/emulator', 'cmdline-tools/latest/bin/apkanalyzer', 'tools/bin/apkanalyzer']) {
    stubExecutable(sdk, tool, `${tool} (wirecheck stub)`);
  }
  stubExecutable(jdk, 'bin/java', 'openjdk version "17.0.15" (wirecheck stub)');
  return { sdk, jdk };
}

/** The Android driver's doctor, or the reason the check does not apply. */
async function androidDoctorHome(ctx: CheckContext): Promise<{ target: DeviceServerTarget; home: string } | string> {
  const target = deviceServerTarget(ctx);
  if (target.platformName.toLowerCase() !== 'android') {
    return `not applicable: the spec names the dependencies of the Android driver only; the target's platformName is ${target.platformName}`;
  }
  const home = await homeWithDriver(pool, ctx, 'doctor-findings');
  return home ? { target, home } : noSourceReason(target);
}

check('DS-CLI-16', async (ctx) => {
  const doctor = await androidDoctorHome(ctx);
  if (typeof doctor === 'string') return ctx.skip(doctor);
  const { target, home } = doctor;
  const { path, nothing } = bareDirs(target.commandEnv['PATH'] ?? process.env['PATH']);
  const settings: [string, Record<string, string | undefined>][] = [
    ['unset', { PATH: path, ANDROID_HOME: undefined, ANDROID_SDK_ROOT: undefined, JAVA_HOME: undefined }],
    ['pointing where nothing is', { PATH: path, ANDROID_HOME: nothing, ANDROID_SDK_ROOT: nothing, JAVA_HOME: nothing }],
  ];
  for (const [how, env] of settings) {
    const run = await cliIn(ctx, ['driver', 'doctor', target.driverName], home, env);
    expect(run.code !== 0 && !run.timedOut, `${describeRun(run)}: with the dependencies hidden (variables ${how}) doctor must exit non-zero`).toBe(true);
    const missing = run.output.match(MISSING_LINE) ?? [];
    for (const [name, pattern] of DEPENDENCIES) {
      expect(missing.some((line) => pattern.test(line)), `with the variables ${how}, doctor must report ${name} missing on a ✖ line; printed:\n${run.output.slice(0, 1500)}`).toBe(true);
    }
  }
}, SERVER_COMMAND_TIMEOUT);

check('DS-CLI-17', async (ctx) => {
  const doctor = await androidDoctorHome(ctx);
  if (typeof doctor === 'string') return ctx.skip(doctor);
  const { target, home } = doctor;
  const { path, root } = bareDirs(target.commandEnv['PATH'] ?? process.env['PATH']);
  const { sdk, jdk } = stubSdkAndJdk(root);
  const run = await cliIn(ctx, ['driver', 'doctor', target.driverName], home, { PATH: path, ANDROID_HOME: sdk, ANDROID_SDK_ROOT: undefined, JAVA_HOME: jdk });
  expect(run.timedOut, `${describeRun(run)}: doctor must finish`).toBe(false);
  const found = run.output.match(FOUND_LINE) ?? [];
  const missing = run.output.match(MISSING_LINE) ?? [];
  for (const [name, pattern] of DEPENDENCIES) {
    expect(found.some((line) => pattern.test(line)), `with ANDROID_HOME=${sdk} (platform-tools/adb in it) and JAVA_HOME=${jdk} (bin/java in it), doctor must report ${name} found on a ✔ line; printed:\n${run.output.slice(0, 1500)}`).toBe(true);
    expect(missing.filter((line) => pattern.test(line)), `with ${name} where it belongs, no ✖ line may name it`).toEqual([]);
  }
}, SERVER_COMMAND_TIMEOUT);
