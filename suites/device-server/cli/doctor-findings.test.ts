// What `driver doctor` finds: on a machine where none of the Android driver's
// dependencies can be found, each of them must be reported missing. The harness
// cannot remove them from this machine, so it hides them: a PATH holding only node and
// npm (the CLI needs them), the SDK and Java variables unset or pointing at nothing.
import { mkdirSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect } from 'vitest';
import { check } from '../../../harness/checks/check.ts';
import { deviceServerTarget } from '../../../harness/device-server/device-server-context.ts';
import { noSourceReason } from '../../../harness/device-server/driver-source.ts';
import { cliIn } from '../../../harness/device-server/extension-listing.ts';
import { findOnPath } from '../../../harness/device-server/find-on-path.ts';
import { InstancePool } from '../../../harness/device-server/instance-pool.ts';
import { describeRun, SERVER_COMMAND_TIMEOUT } from '../../../harness/device-server/server-command.ts';
import { homeWithDriver } from '../../../harness/device-server/shared-instances.ts';

const pool = new InstancePool();
afterAll(() => pool.stopAll());

/** The dependencies the spec names for the Android driver, as a ✖ line must name them. */
const DEPENDENCIES: readonly [string, RegExp][] = [['the Android SDK', /android[ _-]?(sdk|home)/i], ['ADB', /\badb\b/i], ['Java', /\bjava/i]];
const MISSING_LINE = /^.*✖.*$/gm;

/** A directory holding links to node and npm only, and a path where nothing is; removed after the file. */
function bareDirs(commandPath: string | undefined): { path: string; nothing: string } {
  const root = mkdtempSync(join(tmpdir(), 'wirecheck-bare-path-'));
  pool.onStop(() => rmSync(root, { recursive: true, force: true }));
  const bin = join(root, 'bin');
  mkdirSync(bin);
  symlinkSync(process.execPath, join(bin, 'node'));
  const npm = findOnPath('npm', commandPath);
  if (npm) symlinkSync(npm, join(bin, 'npm'));
  return { path: bin, nothing: join(root, 'no-such-dir') };
}

check('DS-CLI-16', async (ctx) => {
  const target = deviceServerTarget(ctx);
  if (target.platformName.toLowerCase() !== 'android') {
    return ctx.skip(`not applicable: the spec names the dependencies of the Android driver only; the target's platformName is ${target.platformName}`);
  }
  const home = await homeWithDriver(pool, ctx, 'doctor-findings');
  if (!home) return ctx.skip(noSourceReason(target));
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
