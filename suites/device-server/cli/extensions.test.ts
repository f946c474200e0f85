// Extensions in a throwaway home: install (from the driver's package) and list, the
// driver's doctor, the plugin list, and setup reset leaving nothing installed; and the
// listing of the home the run points at, which must show the driver the run names.
import { afterAll, expect } from 'vitest';
import { check, type CheckContext } from '../../../harness/checks/check.ts';
import { deviceServerTarget } from '../../../harness/device-server/device-server-context.ts';
import { driverEntry, jsonOf, noDriverPackage, sourceHomeText } from '../../../harness/device-server/driver-source.ts';
import { cliIn, installedListing, jsonListing, listedNames, listsDriver, requireListing, textNamesDriver, withoutHome } from '../../../harness/device-server/extension-listing.ts';
import { InstancePool } from '../../../harness/device-server/instance-pool.ts';
import { type CliRun, describeRun, runCli, SERVER_COMMAND_TIMEOUT } from '../../../harness/device-server/server-command.ts';
import { emptyHome, homeWithDriver } from '../../../harness/device-server/shared-instances.ts';
import type { DeviceServerTarget } from '../../../harness/device-server/device-server-target.ts';

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
  // Either listing passes: the JSON one (where offered) or the spec's text form.
  const jsonRun = await cliIn(ctx, ['driver', 'list', '--installed', '--json'], home);
  const json = jsonListing(jsonRun);
  if (json && driverEntry(target, json)) return;
  const text = await cliIn(ctx, ['driver', 'list', '--installed'], home);
  expect(text.code === 0 && textNamesDriver(target, withoutHome(text, home)), `after driver install, the installed list must show the driver "${target.driverName}": `
    + `${describeRun(jsonRun)} ${json ? `lists only ${JSON.stringify(Object.keys(json))}` : 'gave no JSON listing'}, and ${describeRun(text)} does not name it`).toBe(true);
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
  const listing = await requireListing(ctx, 'plugin', home);
  const names = listedNames(listing);
  if (!names) return ctx.transcript.note(`${listing.how}: a text listing; it names no plugin the harness knows of, so "no plugin in a fresh home" is not judged`);
  expect(names, `${listing.how}: a fresh home holds no plugin (they are not bundled)`).toEqual([]);
}, SERVER_COMMAND_TIMEOUT);

check('DS-CLI-10', async (ctx) => {
  const target = deviceServerTarget(ctx);
  const home = await extensionsHome(ctx);
  const reset = await cliIn(ctx, ['setup', 'reset'], home);
  expect(reset.code, `${describeRun(reset)}: setup reset must succeed`).toBe(0);
  const drivers = await requireListing(ctx, 'driver', home);
  expect(listsDriver(target, drivers), `${drivers.how}: after setup reset the driver "${target.driverName}" installed before may not be listed`).toBe(false);
  expect(listedNames(drivers) ?? [], `${drivers.how}: after setup reset no driver may be installed`).toEqual([]);
  const plugins = await installedListing(ctx, 'plugin', home);
  const names = plugins && listedNames(plugins);
  if (names) expect(names, `${plugins?.how}: after setup reset no plugin may be installed`).toEqual([]);
}, SERVER_COMMAND_TIMEOUT);

/** Whether a listing names the driver: its --json entry (by name or automationName), or the name as a word in the text (the home's path left out). */
function namesDriver(target: DeviceServerTarget, json: CliRun, text: CliRun): boolean {
  if (driverEntry(target, jsonOf(json.stdout))) return true;
  return text.code === 0 && textNamesDriver(target, withoutHome(text, target.sourceHome));
}

check('DS-CLI-20', async (ctx) => {
  const target = deviceServerTarget(ctx);
  if (!target.driverNamed) return ctx.skip(`not applicable: the run names no driver (--driver-name); "${target.driverName}" is only a guess from --automation-name`);
  const options = { ...(target.sourceHome ? { home: target.sourceHome } : {}), transcript: ctx.transcript };
  const json = await runCli(target, ['driver', 'list', '--installed', '--json'], options);
  const text = await runCli(target, ['driver', 'list', '--installed'], options);
  expect(namesDriver(target, json, text), `driver list --installed in ${sourceHomeText(target)} must list the driver "${target.driverName}" the run names (--driver-name): `
    + `${describeRun(json)}, ${describeRun(text)}, and neither names it. If the server uses another extension home, set ${target.homeEnv} in wirecheck's environment `
    + 'to that home; if the driver is installed there, the listing leaves out an installed driver').toBe(true);
}, SERVER_COMMAND_TIMEOUT);
