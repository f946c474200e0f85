// What `driver doctor` finds for the Android driver, whose dependencies the spec names
// (Android SDK, ADB, Java). The spec fixes neither an output format nor an exit status,
// so nothing here is a MUST: DS-CLI-16 (SHOULD) asks that the doctor's verdict, its exit
// status, tell the machine where none of them can be found from the one where each is
// where the Android SDK and a JDK put them; DS-CLI-17 (INFO) records what it reports
// for each. The three doctor runs (harness/device-server/doctor-environments.ts) are
// made once and shared by both checks.
import { afterAll, expect } from 'vitest';
import { check, type CheckContext } from '../../../harness/checks/check.ts';
import { deviceServerTarget } from '../../../harness/device-server/device-server-context.ts';
import { describeDoctorRun, type DoctorRun, doctorRuns } from '../../../harness/device-server/doctor-environments.ts';
import { noSourceReason, unlistedDriverReason } from '../../../harness/device-server/driver-source.ts';
import { InstancePool } from '../../../harness/device-server/instance-pool.ts';
import { SERVER_COMMAND_TIMEOUT } from '../../../harness/device-server/server-command.ts';
import { homeWithDriver } from '../../../harness/device-server/shared-instances.ts';

const pool = new InstancePool();
afterAll(() => pool.stopAll());

/** The dependencies the spec names for the Android driver, and how a line names each. */
const DEPENDENCIES: readonly [string, RegExp][] = [['Android SDK', /android[ _-]?(sdk|home)/i], ['ADB', /\badb\b/i], ['Java', /\bjava/i]];

/**
 * The doctor runs of the Android driver (made once), each in the check's transcript; or
 * why there are none: not an Android driver, or no driver package in a home the run names
 * none for (a named driver the listing leaves out fails at once, naming that).
 */
async function androidDoctorRuns(ctx: CheckContext): Promise<DoctorRun[] | string> {
  const target = deviceServerTarget(ctx);
  if (target.platformName.toLowerCase() !== 'android') {
    return `not applicable: the spec names the dependencies of the Android driver only; the target's platformName is ${target.platformName}`;
  }
  const home = await homeWithDriver(pool, ctx, 'doctor-findings');
  if (!home) {
    if (target.driverNamed) throw new Error(unlistedDriverReason(target));
    return noSourceReason(target);
  }
  const runs = await pool.get('doctor-runs', async () => ({ value: await doctorRuns(target, home), stop: () => {} }));
  for (const run of runs) ctx.transcript.note(describeDoctorRun(run));
  return runs;
}

check('DS-CLI-16', async (ctx) => {
  const runs = await androidDoctorRuns(ctx);
  if (typeof runs === 'string') return ctx.skip(runs);
  for (const { setting, run } of runs) expect(run.timedOut, `driver doctor with ${setting} must finish`).toBe(false);
  const stubbed = runs[runs.length - 1] as DoctorRun;
  for (const { setting, run } of runs.slice(0, -1)) {
    expect(run.code, `driver doctor exited ${run.code} both with ${setting} (none of the Android SDK, ADB and Java can be found) `
      + `and with ${stubbed.setting}: its exit status does not tell a machine lacking the dependencies from one that has them`).not.toBe(stubbed.run.code);
  }
}, SERVER_COMMAND_TIMEOUT);

/** What the doctor's lines say of one dependency: a ✖ line names it, a ✔ line does, a line without either, or none. */
function reportOf(output: string, pattern: RegExp): string {
  const lines = output.split('\n').filter((line) => pattern.test(line));
  if (lines.some((l) => l.includes('✖'))) return '✖';
  if (lines.some((l) => l.includes('✔'))) return '✔';
  return lines.length > 0 ? 'named, unmarked' : 'not named';
}

check('DS-CLI-17', async (ctx) => {
  const runs = await androidDoctorRuns(ctx);
  // An INFO check says why it has nothing to record (a skip inside it would lose its reason).
  if (typeof runs === 'string') return ctx.observe(runs);
  for (const { setting, run } of runs) {
    const how = run.timedOut ? 'killed at the time limit' : `exit ${run.code ?? 'by signal'}`;
    ctx.observe(`${setting}: ${how}; ${DEPENDENCIES.map(([name, pattern]) => `${name} ${reportOf(run.output, pattern)}`).join(', ')}`);
  }
}, SERVER_COMMAND_TIMEOUT);
