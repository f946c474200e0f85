// The device server as a target. Reference: a throwaway extension home with the
// simulated Android driver installed through the reference's own CLI, then the server
// started from that CLI on a free loopback port with session discovery on, so every
// check (CLI ones included) runs. External: a preflight proving `{base}status` answers
// the status object at the given base path (else exit 2, naming the base URL that
// would) and, where the run does not say whether the target has session discovery,
// that it does not list sessions (else exit 2, asking: session-discovery-preflight.ts);
// the session capabilities from the options, and the server command if given.
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { askSessionDiscovery } from '../../device-server/session-discovery-preflight.ts';
import { preflightDeviceServer } from '../../device-server/status-preflight.ts';
import { ERROR_CODES, HarnessLimitError, WirecheckError } from '../../errors.ts';
import { projectPath, tsxNodeArgs } from '../../project-paths.ts';
import { freePort } from '../../target/free-port.ts';
import { startManagedProcess } from '../../target/managed-process.ts';
import type { StartedTarget } from '../../target/started-target.ts';
import type { DeviceServerTarget } from '../../device-server/device-server-target.ts';
import type { ReferenceProgram, StartInputs } from '../system-module.ts';
import { homeEnvOf, type DeviceServerOptions } from './device-server-options.ts';
import { deviceServerServeOptions } from './device-server-serve.ts';
import { BUSY_MACHINE_ADVICE, scaledLimit, scaledNote } from '../../target/machine-pace.ts';

export const REFERENCE_SIM_DRIVER = projectPath('reference-impl/device-server/drivers/sim-android');
export const REFERENCE_APP = projectPath('fixtures/device-server/sample-app.json');
const REFERENCE_CLI = projectPath('reference-impl/device-server/cli.ts');

export const DEVICE_SERVER_REFERENCE: ReferenceProgram = {
  entry: REFERENCE_CLI, portOption: '--port', defaultPort: 4723,
  about: 'the reference server\'s CLI, its drivers in $VENDOR_HOME; port default 4723',
  serveOptions: deviceServerServeOptions({ entry: REFERENCE_CLI, source: REFERENCE_SIM_DRIVER, driverName: 'simandroid', homeEnv: 'VENDOR_HOME', defaultHome: '~/.vendor' }),
};

/** What sessions with the reference's simulated driver ask for and get, wherever it runs (here, in a container, in a mutation worker). */
export const REFERENCE_SESSION_TARGET = {
  vendor: 'vendor', platformName: 'Android', automationName: 'SimAndroid', deviceName: 'wirecheck-sim-1',
  alertAtLaunch: true, mobileShell: true, driverName: 'simandroid', driverNamed: true, homeEnv: 'VENDOR_HOME',
} as const satisfies Partial<DeviceServerTarget>;

function installSimDriver(cli: readonly string[], env: Record<string, string>): Promise<void> {
  return new Promise((resolve, reject) => {
    const [command = '', ...args] = cli;
    execFile(command, [...args, 'driver', 'install', '--source=local', REFERENCE_SIM_DRIVER], { env, timeout: scaledLimit(60_000) }, (error, stdout, stderr) => {
      if (!error) return resolve();
      const why = `the device-server reference could not install its simulated driver into a throwaway home: ${error.message}\n${stdout}${stderr}`;
      // Killed at the harness's own limit while still installing: its trouble, not a set-up mistake.
      reject(error.killed ? new HarnessLimitError(ERROR_CODES.referenceStart, `${why}${scaledNote()}`, BUSY_MACHINE_ADVICE) : new WirecheckError(ERROR_CODES.referenceStart, why));
    });
  });
}

export async function startDeviceServerReference({ run: config }: StartInputs<DeviceServerOptions>): Promise<StartedTarget<DeviceServerTarget>> {
  const home = mkdtempSync(join(tmpdir(), 'wirecheck-device-server-home-'));
  const cli = [process.execPath, ...tsxNodeArgs(DEVICE_SERVER_REFERENCE.entry)];
  // The faults reach every process of the reference: the server and each CLI run of the checks.
  // The server reads session apps only under VENDOR_APPS_ROOT (default its working directory).
  const commandEnv = { ...config.referenceEnv, VENDOR_APPS_ROOT: dirname(REFERENCE_APP) };
  const cleanupHome = () => rmSync(home, { recursive: true, force: true });
  try {
    await installSimDriver(cli, { ...commandEnv, VENDOR_HOME: home });
    const port = await freePort();
    const baseUrl = `http://127.0.0.1:${port}/`;
    const server = await startManagedProcess({
      label: 'device-server reference',
      command: cli[0] ?? process.execPath,
      args: [...cli.slice(1), '--address', '127.0.0.1', '--port', String(port), '--allow-insecure=*:session_discovery'],
      env: { ...commandEnv, VENDOR_HOME: home },
      logFile: join(config.reportDir, 'logs', 'device-server-reference.log'),
      healthUrl: `${baseUrl}status`,
    });
    const target: DeviceServerTarget = {
      system: 'device-server', kind: 'reference', baseUrl,
      capabilities: ['server-command', 'session-discovery'],
      ...REFERENCE_SESSION_TARGET, app: REFERENCE_APP,
      serverCommand: cli, commandEnv, driverSource: REFERENCE_SIM_DRIVER, sourceHome: home,
    };
    return { target, stop: async () => { await server.stop(); cleanupHome(); } };
  } catch (error) {
    cleanupHome();
    throw error;
  }
}

export async function startDeviceServerExternal({ run: config, own: options }: StartInputs<DeviceServerOptions>): Promise<StartedTarget<DeviceServerTarget>> {
  const baseUrl = config.baseUrls[0] ?? '';
  await preflightDeviceServer(baseUrl);
  if (options.sessionDiscovery === undefined) await askSessionDiscovery(baseUrl, options.vendor);
  const automationName = options.automationName ?? '';
  const homeEnv = homeEnvOf(options);
  const { sourceHome } = options;
  const target: DeviceServerTarget = {
    system: 'device-server', kind: 'external', baseUrl,
    capabilities: [...(options.sessionDiscovery === true ? ['session-discovery' as const] : []), ...(options.serverCommand ? ['server-command' as const] : [])],
    vendor: options.vendor, platformName: options.platformName ?? '', automationName,
    ...(options.deviceName ? { deviceName: options.deviceName } : {}),
    ...(options.app ? { app: options.app } : {}),
    driverName: options.driverName ?? automationName.toLowerCase(), driverNamed: options.driverName !== undefined,
    ...(options.serverCommand ? { serverCommand: options.serverCommand } : {}),
    homeEnv, commandEnv: options.commandEnv,
    ...(sourceHome ? { sourceHome } : {}),
  };
  return { target, stop: async () => {} };
}
