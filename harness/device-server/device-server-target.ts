// The device server's target as its suites see it: what sessions ask for, the driver, the server's CLI.
import type { TargetBase } from '../target/target-info.ts';

export interface DeviceServerTarget extends TargetBase {
  readonly system: 'device-server';
  readonly vendor: string;
  readonly platformName: string;
  readonly automationName: string;
  /** vendor:deviceName and vendor:app of the sessions the checks create; absent: not sent. */
  readonly deviceName?: string;
  readonly app?: string;
  /** The app shows an alert at launch (the reference's simulated app): the alert checks fail, not skip, when none is open. */
  readonly alertAtLaunch?: boolean;
  /**
   * The Android driver runs `mobile: shell` through POST .../execute/sync once
   * `<driver>:adb_shell` is enabled (the reference's simulated driver): DS-SEC-03 and
   * DS-SEC-04 fail, not skip, when that flag does not turn the shell on.
   */
  readonly mobileShell?: boolean;
  readonly driverName: string;
  /**
   * The run names the driver (--driver-name, or the reference's own): `driver list --installed`
   * in sourceHome must list it (DS-CLI-20). Otherwise driverName is a guess from automationName.
   */
  readonly driverNamed?: boolean;
  /** argv of the server's CLI, when known (--server-cmd, or the reference's own). */
  readonly serverCommand?: readonly string[];
  readonly homeEnv: string;
  /** Environment of every server-command process (PATH and the like; the self-test's faults for the reference). */
  readonly commandEnv: Readonly<Record<string, string>>;
  /** A package directory of the driver, installed into the throwaway homes of CLI checks (reference: the sim driver). */
  readonly driverSource?: string;
  /** The extension home named by homeEnv in wirecheck's environment (external), or the reference's own: where the driver's package is looked up. */
  readonly sourceHome?: string;
}
