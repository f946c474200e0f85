// Extensions in a throwaway home: install (from the driver's package) and list, the
// driver's doctor, the plugin list, and setup reset leaving nothing installed.
import { afterAll, expect } from 'vitest';
import { check, type CheckContext } from '../../../harness/checks/check.ts';
import { deviceServerTarget } from '../../../harness/device-server/device-server-context.ts';
import { driverEntry, jsonOf, noSourceReason } from '../../../harness/device-server/driver-source.ts';
import { InstancePool } from '../../../harness/device-server/instance-pool.ts';
import { type CliRun, describeRun, runCli, SERVER_COMMAND_TIMEOUT } from '../../../harness/device-server/server-command.ts';
import { emptyHome, homeWithDriver } from '../../../harness/device-server/shared-instances.ts';
import { isObject } from '../../../harness/device-server/w3c-answer.ts';

const pool = new InstancePool();
afterAll(() => pool.stopAll());

/** The home the extension checks share: the driver installed into it first. */
async function extensionsHome(ctx: CheckContext): Promise<string> {
  const home = await homeWithDriver(pool, ctx, 'extensions');
  if (!home) ctx.skip(noSourceReason(deviceServerTarget(ctx)));
  return home as string;
}

function cli(ctx: CheckContext, args: readonly string[], home: string): Promise<CliRun> {
  return runCli(deviceServerTarget(ctx), args, { home, transcript: ctx.transcript });
}

/** The `--json` object of a list command, which must succeed. */
function listOf(run: CliRun): Record<string, unknown> {
  expect(run.code, `${describeRun(run)}: the list command must succeed`).toBe(0);
  const json = jsonOf(run.stdout);
  expect(isObject(json), `${describeRun(run)} must print a JSON object; printed ${run.stdout.slice(0, 300)}`).toBe(true);
  return json as Record<string, unknown>;
}

const DOCTOR_LINE = /^.*[✔✖].*$/gm;

check('DS-CLI-06', async (ctx) => {
  const target = deviceServerTarget(ctx);
  const home = await extensionsHome(ctx);
  const list = listOf(await cli(ctx, ['driver', 'list', '--installed', '--json'], home));
  expect(driverEntry(target, list), `driver list --installed --json must show the installed driver "${target.driverName}"; got keys ${JSON.stringify(Object.keys(list))}`).toBeDefined();
  const text = await cli(ctx, ['driver', 'list', '--installed'], home);
  expect(text.code, describeRun(text)).toBe(0);
  expect(text.output, `driver list --installed must name "${target.driverName}"`).toContain(target.driverName);
}, SERVER_COMMAND_TIMEOUT);

check('DS-CLI-07', async (ctx) => {
  const target = deviceServerTarget(ctx);
  const home = await extensionsHome(ctx);
  const run = await cli(ctx, ['driver', 'doctor', target.driverName], home);
  expect(run.timedOut, `${describeRun(run)}: doctor must finish`).toBe(false);
  expect([0, 1], `${describeRun(run)}: doctor exits 0 (all present) or 1 (treatment required)`).toContain(run.code);
  expect(run.output.match(DOCTOR_LINE) ?? [], `doctor must report each of the driver's checks (✔ or ✖ lines); printed:\n${run.output.slice(0, 1500)}`).not.toEqual([]);
  const unknown = await cli(ctx, ['driver', 'doctor', 'wirecheck-no-such-driver'], home);
  expect(unknown.code === 0 || unknown.timedOut, `${describeRun(unknown)}: doctor for a driver that is not installed must fail`).toBe(false);
}, SERVER_COMMAND_TIMEOUT);

check('DS-CLI-08', async (ctx) => {
  const run = await cli(ctx, ['driver', 'doctor', deviceServerTarget(ctx).driverName], await extensionsHome(ctx));
  const lines = run.output.match(DOCTOR_LINE) ?? [];
  const ok = lines.filter((l) => l.includes('✔')).length;
  ctx.observe(`${describeRun(run)}; ${lines.length} check line(s): ${ok} ✔, ${lines.length - ok} ✖`);
}, SERVER_COMMAND_TIMEOUT);

check('DS-CLI-09', async (ctx) => {
  const home = await emptyHome(pool, 'plugins');
  const updates = await cli(ctx, ['plugin', 'list', '--installed', '--updates'], home);
  expect(updates.code, `${describeRun(updates)}: plugin list --installed --updates must succeed`).toBe(0);
  const list = listOf(await cli(ctx, ['plugin', 'list', '--installed', '--json'], home));
  expect(Object.keys(list), 'a fresh home holds no plugin').toEqual([]);
}, SERVER_COMMAND_TIMEOUT);

check('DS-CLI-10', async (ctx) => {
  const home = await extensionsHome(ctx);
  const reset = await cli(ctx, ['setup', 'reset'], home);
  expect(reset.code, `${describeRun(reset)}: setup reset must succeed`).toBe(0);
  const drivers = listOf(await cli(ctx, ['driver', 'list', '--installed', '--json'], home));
  expect(Object.keys(drivers), 'after setup reset no driver may be installed').toEqual([]);
  const plugins = listOf(await cli(ctx, ['plugin', 'list', '--installed', '--json'], home));
  expect(Object.keys(plugins), 'after setup reset no plugin may be installed').toEqual([]);
}, SERVER_COMMAND_TIMEOUT);
