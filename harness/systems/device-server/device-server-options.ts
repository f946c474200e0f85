// The device server's options of `wirecheck run`: what a session asks for, the
// installed driver, the server's CLI and its extension home. The environment the
// server's commands get is read here, once, like every other option.
import { isAbsolute } from 'node:path';
import { commandOptionOf } from '../../target/split-command.ts';
import type { OptionRow } from '../option-table.ts';
import type { ResolveInputs } from '../system-module.ts';

export interface DeviceServerOptions {
  readonly vendor: string;
  readonly platformName?: string;
  readonly automationName?: string;
  readonly deviceName?: string;
  readonly app?: string;
  readonly driverName?: string;
  /**
   * Whether the target was started with `*:session_discovery`: true (--session-discovery),
   * false (--no-session-discovery), absent when the run does not say (the preflight then asks
   * the target's listing route, and stops the run with the question when it lists sessions).
   */
  readonly sessionDiscovery?: boolean;
  readonly serverCommand?: readonly string[];
  readonly homeEnv?: string;
  /** What a server command needs of wirecheck's environment to run (npm for `driver install`). */
  readonly commandEnv: Readonly<Record<string, string>>;
  /** The extension home named by the home variable in wirecheck's environment, if set. */
  readonly sourceHome?: string;
}

export const DEVICE_SERVER_OPTION_ROWS: readonly OptionRow[] = [
  {
    flag: 'vendor', type: 'string', usage: '--vendor NAME',
    help: ['capability prefix and NAME/sessions route (default vendor; appium)'],
    readme: ['`--vendor NAME`', 'device-server: prefix of non-standard capabilities and of the `NAME/sessions` route; default `vendor`, `appium` for Appium'],
  },
  {
    flag: 'platform-name', type: 'string', usage: '--platform-name P --automation-name A --device-name D --app PATH',
    help: ['capabilities of a session the target can create'],
    readme: ['`--platform-name P` `--automation-name A` `--device-name D` `--app PATH`', 'device-server: capabilities of a session the target can create (`--app` absolute)'],
  },
  { flag: 'automation-name', type: 'string' },
  { flag: 'device-name', type: 'string' },
  { flag: 'app', type: 'string' },
  {
    flag: 'driver-name', type: 'string', usage: '--driver-name N',
    help: ['the installed driver\'s name, for scoped features (N:feature)'],
    readme: ['`--driver-name N`', 'device-server: the installed driver\'s name, for scoped features (`N:feature`); `driver list --installed` must then list it (DS-CLI-20)'],
  },
  {
    flag: 'session-discovery', type: 'boolean',
    help: ['the target was started with *:session_discovery'],
    readme: ['`--session-discovery`', 'device-server: the target was started with `*:session_discovery`: the listing checks run against it. Without it, `NAME/sessions` on the target must be unavailable (DS-DISC-05); a run that says neither this nor `--no-session-discovery` and finds the target listing its sessions ends before any check (exit 2), asking which it is'],
  },
  {
    flag: 'no-session-discovery', type: 'boolean',
    help: ['the target was started without *:session_discovery: judge', 'its listing route as a fault (DS-DISC-05), without asking'],
    readme: ['`--no-session-discovery`', 'device-server: the target was started without `*:session_discovery`: a session listing at `NAME/sessions` is judged a fault (DS-DISC-05) instead of stopping the run to ask whether `--session-discovery` was forgotten. Not with `--session-discovery`'],
  },
  {
    flag: 'server-cmd', type: 'string', usage: '--server-cmd "CMD"',
    help: ['command running the server\'s CLI (e.g. "npx appium"): enables', 'the CLI and flag checks, which start their own instances;', 'relative paths in it are taken from the current directory'],
    readme: ['`--server-cmd "CMD"`', 'device-server: a command running the server\'s CLI (e.g. `npx appium`); with it the harness starts its own instances on free ports and runs the CLI and flag checks, without it those are `skipped: needs server command`. Relative paths in CMD are taken from the directory wirecheck runs in (`node --import tsx reference-impl/device-server/cli.ts` from this checkout): a word naming a file there, or a path naming a file or folder there, is made absolute, because some instances start in another directory (the `--app` folder; one holding an rc file). What the program itself looks up from its working directory (the package `npx` runs, a bare module such as `tsx` after `--import`) must be found from there too: give it by path where only your directory has it'],
  },
  {
    flag: 'home-env', type: 'string', usage: '--home-env VAR',
    help: ['variable naming the extension home (VENDOR_HOME, APPIUM_HOME)'],
    readme: ['`--home-env VAR`', 'device-server: the variable naming the extension home (`VENDOR_HOME`, `APPIUM_HOME`)'],
  },
];

/** What a server command needs of wirecheck's environment to run (npm for `driver install`). */
const PASSED_TO_COMMANDS = ['PATH', 'HOME', 'USERPROFILE', 'TMPDIR', 'TEMP', 'TMP', 'LANG', 'NODE_OPTIONS', 'SYSTEMROOT', 'APPDATA'];

function commandEnvOf(env: NodeJS.ProcessEnv): Record<string, string> {
  const out: Record<string, string> = {};
  for (const name of PASSED_TO_COMMANDS) {
    const value = env[name];
    if (value !== undefined) out[name] = value;
  }
  return out;
}

/** The variable naming the extension home: --home-env, else `<VENDOR>_HOME`. */
export function homeEnvOf(options: Pick<DeviceServerOptions, 'homeEnv' | 'vendor'>): string {
  return options.homeEnv ?? `${options.vendor.toUpperCase().replace(/-/g, '_')}_HOME`;
}

export function resolveDeviceServerOptions({ values, env, cwd, external, selected, problems }: ResolveInputs): DeviceServerOptions {
  const text = (key: string) => values[key] as string | undefined;
  const [platformName, automationName, deviceName, app, driverName, vendor, homeEnv] =
    ['platformName', 'automationName', 'deviceName', 'app', 'driverName', 'vendor', 'homeEnv'].map(text);
  if (external && selected) {
    if (!platformName) problems.push('device-server: --target external needs --platform-name P (a platform the target can create a session for)');
    if (!automationName) problems.push('device-server: --target external needs --automation-name A (an installed driver)');
  }
  if (app !== undefined && !isAbsolute(app)) problems.push(`--app "${app}" must be an absolute path (the spec requires vendor:app to be absolute)`);
  if (vendor !== undefined && !/^[a-z][a-z0-9-]*$/i.test(vendor)) problems.push(`--vendor "${vendor}" must be a plain name such as appium`);
  if (homeEnv !== undefined && !/^[A-Za-z_][A-Za-z0-9_]*$/.test(homeEnv)) problems.push(`--home-env "${homeEnv}" must be the name of an environment variable, e.g. APPIUM_HOME`);
  const discoveryOn = values['sessionDiscovery'] === true;
  const discoveryOff = values['noSessionDiscovery'] === true;
  if (discoveryOn && discoveryOff) {
    problems.push('--session-discovery and --no-session-discovery contradict each other: give --session-discovery if the target was started with --allow-insecure=*:session_discovery, --no-session-discovery if it was not');
  }
  // Its relative paths taken from the directory wirecheck runs in: instances start elsewhere too.
  const serverCommand = commandOptionOf(text('serverCmd'), '--server-cmd', 'the command that runs the server CLI, e.g. "npx appium"', cwd, problems);
  const sourceHome = env[homeEnvOf({ homeEnv, vendor: vendor ?? 'vendor' })] || undefined;
  return {
    vendor: vendor ?? 'vendor',
    ...(platformName ? { platformName } : {}),
    ...(automationName ? { automationName } : {}),
    ...(deviceName ? { deviceName } : {}),
    ...(app ? { app } : {}),
    ...(driverName ? { driverName } : {}),
    ...(discoveryOn || discoveryOff ? { sessionDiscovery: discoveryOn } : {}),
    ...(serverCommand && serverCommand.length > 0 ? { serverCommand } : {}),
    ...(homeEnv ? { homeEnv } : {}),
    commandEnv: commandEnvOf(env),
    ...(sourceHome ? { sourceHome } : {}),
  };
}
