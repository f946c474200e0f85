// Extension homes after the fact: the plugin list of a home holding the driver, and
// setup reset where nothing was ever installed and where the driver's files lie.
// (extensions.test.ts holds install, list, doctor and the reset's lists.)
import { lstatSync } from 'node:fs';
import { isAbsolute, relative } from 'node:path';
import { afterAll, expect } from 'vitest';
import { check } from '../../../harness/checks/check.ts';
import { deviceServerTarget } from '../../../harness/device-server/device-server-context.ts';
import { driverEntry, noSourceReason } from '../../../harness/device-server/driver-source.ts';
import { cliIn, installedList } from '../../../harness/device-server/extension-listing.ts';
import { InstancePool } from '../../../harness/device-server/instance-pool.ts';
import { describeRun, SERVER_COMMAND_TIMEOUT } from '../../../harness/device-server/server-command.ts';
import { emptyHome, homeWithDriver } from '../../../harness/device-server/shared-instances.ts';

const pool = new InstancePool();
afterAll(() => pool.stopAll());

/** Whether anything (a file, a directory or a link, even a dangling one) is at `path`. */
function existsAsLink(path: string): boolean {
  try {
    lstatSync(path);
    return true;
  } catch {
    return false;
  }
}

check('DS-CLI-13', async (ctx) => {
  const target = deviceServerTarget(ctx);
  const home = await homeWithDriver(pool, ctx, 'plugins-beside-driver');
  if (!home) return ctx.skip(noSourceReason(target));
  const plugins = await installedList(ctx, 'plugin', home);
  expect(driverEntry(target, plugins), `plugin list --installed --json in a home holding the driver "${target.driverName}" must not list it: a driver is no plugin; got keys ${JSON.stringify(Object.keys(plugins))}`).toBeUndefined();
}, SERVER_COMMAND_TIMEOUT);

check('DS-CLI-14', async (ctx) => {
  const home = await emptyHome(pool, 'reset-empty');
  const reset = await cliIn(ctx, ['setup', 'reset'], home);
  expect(reset.code, `${describeRun(reset)}: setup reset in a home where nothing was ever installed must succeed`).toBe(0);
  expect(Object.keys(await installedList(ctx, 'driver', home)), 'after setup reset no driver may be installed').toEqual([]);
}, SERVER_COMMAND_TIMEOUT);

check('DS-CLI-15', async (ctx) => {
  const target = deviceServerTarget(ctx);
  const home = await homeWithDriver(pool, ctx, 'reset-files');
  if (!home) return ctx.skip(noSourceReason(target));
  const installPath = driverEntry(target, await installedList(ctx, 'driver', home))?.['installPath'];
  const inside = typeof installPath === 'string' && !relative(home, installPath).startsWith('..') && !isAbsolute(relative(home, installPath));
  if (!inside) return ctx.skip(`not applicable: the driver's listing names no installPath inside the home (got ${JSON.stringify(installPath)})`);
  const reset = await cliIn(ctx, ['setup', 'reset'], home);
  expect(reset.code, `${describeRun(reset)}: setup reset must succeed`).toBe(0);
  expect(existsAsLink(installPath), `after setup reset the driver's files at its installPath ${installPath} must be gone from the home`).toBe(false);
}, SERVER_COMMAND_TIMEOUT);
