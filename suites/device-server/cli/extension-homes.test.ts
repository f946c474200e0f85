// Extension homes after the fact: the plugin list of a home holding the driver, and
// setup reset where nothing was ever installed and where the driver's files lie.
// (extensions.test.ts holds install, list, doctor and the reset's lists.)
import { readdirSync, readFileSync } from 'node:fs';
import { join, sep } from 'node:path';
import { afterAll, expect } from 'vitest';
import { check, type CheckContext } from '../../../harness/checks/check.ts';
import { deviceServerTarget } from '../../../harness/device-server/device-server-context.ts';
import { driverEntry, findDriverSource, noDriverPackage } from '../../../harness/device-server/driver-source.ts';
import { cliIn, installedListing, listedNames, listsDriver, requireListing } from '../../../harness/device-server/extension-listing.ts';
import { InstancePool } from '../../../harness/device-server/instance-pool.ts';
import { describeRun, SERVER_COMMAND_TIMEOUT } from '../../../harness/device-server/server-command.ts';
import { emptyHome, homeWithDriver } from '../../../harness/device-server/shared-instances.ts';
import type { DeviceServerTarget } from '../../../harness/device-server/device-server-target.ts';

const pool = new InstancePool();
afterAll(() => pool.stopAll());

/** Paths under `dir` (links not followed, 6 levels deep) whose last segments spell `pkgName` (`@scope/name` or `name`). */
function entriesNamed(dir: string, pkgName: string, depth = 6): string[] {
  if (depth === 0) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    const here = path.split(sep).slice(-pkgName.split('/').length).join('/') === pkgName ? [path] : [];
    return [...here, ...(entry.isDirectory() ? entriesNamed(path, pkgName, depth - 1) : [])];
  });
}

check('DS-CLI-13', async (ctx) => {
  const target = deviceServerTarget(ctx);
  const home = await homeWithDriver(pool, ctx, 'plugins-beside-driver');
  if (!home) return noDriverPackage(ctx, target);
  const plugins = await requireListing(ctx, 'plugin', home);
  expect(listsDriver(target, plugins), `${plugins.how} in a home holding the driver "${target.driverName}" must not list it: a driver is no plugin`
    + `${plugins.json ? `; got keys ${JSON.stringify(Object.keys(plugins.json))}` : ''}`).toBe(false);
}, SERVER_COMMAND_TIMEOUT);

check('DS-CLI-14', async (ctx) => {
  const target = deviceServerTarget(ctx);
  const home = await emptyHome(pool, 'reset-empty');
  const reset = await cliIn(ctx, ['setup', 'reset'], home);
  expect(reset.code, `${describeRun(reset)}: setup reset in a home where nothing was ever installed must succeed`).toBe(0);
  const drivers = await requireListing(ctx, 'driver', home);
  expect(listedNames(drivers) ?? [], `${drivers.how}: after setup reset no driver may be installed`).toEqual([]);
  expect(listsDriver(target, drivers), `${drivers.how}: after setup reset no driver may be installed, yet "${target.driverName}" is listed`).toBe(false);
}, SERVER_COMMAND_TIMEOUT);

/** The driver's package name: from the JSON listing (pkgName), else from the package.json of the package installed. */
async function driverPackageName(ctx: CheckContext, target: DeviceServerTarget, home: string): Promise<string | undefined> {
  const listing = await installedListing(ctx, 'driver', home);
  const fromListing = listing?.json ? driverEntry(target, listing.json)?.['pkgName'] : undefined;
  if (typeof fromListing === 'string' && fromListing !== '') return fromListing;
  const source = await findDriverSource(target, ctx.transcript);
  try {
    const name = (JSON.parse(readFileSync(join(source ?? '', 'package.json'), 'utf8')) as { name?: unknown }).name;
    return typeof name === 'string' && name !== '' ? name : undefined;
  } catch {
    return undefined;
  }
}

check('DS-CLI-15', async (ctx) => {
  const target = deviceServerTarget(ctx);
  const home = await homeWithDriver(pool, ctx, 'reset-files');
  if (!home) return noDriverPackage(ctx, target);
  const pkgName = await driverPackageName(ctx, target, home);
  if (!pkgName) return ctx.skip('not applicable: the driver\'s package name is known neither from a --json listing (pkgName) nor from the package.json of the package installed');
  const before = entriesNamed(home, pkgName);
  if (before.length === 0) return ctx.skip(`not applicable: the home holds no entry named after the driver's package (${pkgName})`);
  const reset = await cliIn(ctx, ['setup', 'reset'], home);
  expect(reset.code, `${describeRun(reset)}: setup reset must succeed`).toBe(0);
  expect(entriesNamed(home, pkgName), `after setup reset the driver's package must be gone from the home (before: ${before.join(', ')})`).toEqual([]);
}, SERVER_COMMAND_TIMEOUT);
