// Extensions in a throwaway home: install (from the driver's package) and list, the
// driver's doctor, the plugin list, and setup reset leaving nothing installed; and the
// listing of the home the run points at, which must show the driver the run names.
import { afterAll, expect } from 'vitest';
import { check, type CheckContext } from '../../../harness/checks/check.ts';
import { deviceServerTarget } from '../../../harness/device-server/device-server-context.ts';
import { driverEntry, jsonOf, noDriverPackage, sourceHomeText } from '../../../harness/device-server/driver-source.ts';
import { cliIn, installedList } from '../../../harness/device-server/extension-listing.ts';
import { InstancePool } from '../../../harness/device-server/instance-pool.ts';
import { type CliRun, describeRun, runCli, SERVER_COMMAND_TIMEOUT } from '../../../harness/device-server/server-command.ts';
import { emptyHome, homeWithDriver } from '../../../harness/device-server/shared-instances.ts';
import type { DeviceServerTarget } from '../../../harness/target/target-info.ts';

const pool = new InstancePool();
afterAll(() => pool.stopAll());

/** The home the extension checks share: the driver installed into it first. */
async function extensionsHome(ctx: CheckContext): Promise<string> {
  const home = await homeWithDriver(pool, ctx, 'extensions');
  return home ?? noDriverPackage(ctx, deviceServerTarget(ctx));
}

/** A doctor's line reporting one check, the way Appium 3 prints them (DS-CLI-08 records them; no check requires the form). */
const DOCTOR_LINE = /^.*[✔✖].*$/gm;

check('DS-CLI-06', async (ctx) => {
  const target = deviceServerTarget(ctx);
  const home = await extensionsHome(ctx);
  const list = await installedList(ctx, 'driver', home);
  expect(driverEntry(target, list), `driver list --installed --json must show the installed driver "${target.driverName}"; got keys ${JSON.stringify(Object.keys(list))}`).toBeDefined();
  const text = await cliIn(ctx, ['driver', 'list', '--installed'], home);
  expect(text.code, describeRun(text)).toBe(0);
  expect(text.output, `driver list --installed must name "${target.driverName}"`).toContain(target.driverName);
}, SERVER_COMMAND_TIMEOUT);

check('DS-CLI-07', async (ctx) => {
  const target = deviceServerTarget(ctx);
  const home = await extensionsHome(ctx);
  const run = await cliIn(ctx, ['driver', 'doctor', target.driverName], home);
  expect(run.timedOut, `${describeRun(run)}: doctor must finish`).toBe(false);
  const unknown = await cliIn(ctx, ['driver', 'doctor', 'wirecheck-no-such-driver'], home);
  expect(unknown.code === 0 || unknown.timedOut, `${describeRun(unknown)}: doctor for a driver that is not installed must fail (non-zero exit): it cannot check that driver's dependencies`).toBe(false);
}, SERVER_COMMAND_TIMEOUT);

check('DS-CLI-08', async (ctx) => {
  const run = await cliIn(ctx, ['driver', 'doctor', deviceServerTarget(ctx).driverName], await extensionsHome(ctx));
  const lines = run.output.match(DOCTOR_LINE) ?? [];
  const ok = lines.filter((l) => l.includes('✔')).length;
  ctx.observe(`${describeRun(run)}; ${lines.length} check line(s): ${ok} ✔, ${lines.length - ok} ✖`);
}, SERVER_COMMAND_TIMEOUT);

check('DS-CLI-09', async (ctx) => {
  const home = await emptyHome(pool, 'plugins');
  const updates = await cliIn(ctx, ['plugin', 'list', '--installed', '--updates'], home);
  expect(updates.code, `${describeRun(updates)}: plugin list --installed --updates must succeed`).toBe(0);
  const list = await installedList(ctx, 'plugin', home);
  expect(Object.keys(list), 'a fresh home holds no plugin').toEqual([]);
}, SERVER_COMMAND_TIMEOUT);

check('DS-CLI-10', async (ctx) => {
  const home = await extensionsHome(ctx);
  const reset = await cliIn(ctx, ['setup', 'reset'], home);
  expect(reset.code, `${describeRun(reset)}: setup reset must succeed`).toBe(0);
  const drivers = await installedList(ctx, 'driver', home);
  expect(Object.keys(drivers), 'after setup reset no driver may be installed').toEqual([]);
  const plugins = await installedList(ctx, 'plugin', home);
  expect(Object.keys(plugins), 'after setup reset no plugin may be installed').toEqual([]);
}, SERVER_COMMAND_TIMEOUT);

/** Whether a listing names the driver: its --json entry (by name or automationName), or the name as a word in the text (the home's path left out). */
function listsDriver(target: DeviceServerTarget, json: CliRun, text: CliRun): boolean {
  if (driverEntry(target, jsonOf(json.stdout))) return true;
  const shown = target.sourceHome ? text.output.split(target.sourceHome).join('') : text.output;
  const word = new RegExp(`(^|[^\\w-])${target.driverName.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}([^\\w-]|$)`, 'm');
  return text.code === 0 && word.test(shown);
}

check('DS-CLI-20', async (ctx) => {
  const target = deviceServerTarget(ctx);
  if (!target.driverNamed) return ctx.skip(`not applicable: the run names no driver (--driver-name); "${target.driverName}" is only a guess from --automation-name`);
  const options = { ...(target.sourceHome ? { home: target.sourceHome } : {}), transcript: ctx.transcript };
  const json = await runCli(target, ['driver', 'list', '--installed', '--json'], options);
  const text = await runCli(target, ['driver', 'list', '--installed'], options);
  expect(listsDriver(target, json, text), `driver list --installed in ${sourceHomeText(target)} must list the driver "${target.driverName}" the run names (--driver-name): `
    + `${describeRun(json)}, ${describeRun(text)}, and neither names it. If the server uses another extension home, set ${target.homeEnv} in wirecheck's environment `
    + 'to that home; if the driver is installed there, the listing leaves out an installed driver').toBe(true);
}, SERVER_COMMAND_TIMEOUT);
