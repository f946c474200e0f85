// `wirecheck serve device-server`: the reference server's own flags, taken directly and
// handed to its CLI as they are, and --install-driver, which installs the bundled
// simulated driver into the extension home (VENDOR_HOME, else the reference's default
// ~/.vendor) before the server starts — once: a home that already holds it is left as it is.
import { execFile } from 'node:child_process';
import { ERROR_CODES, WirecheckError } from '../../errors.ts';
import { tsxNodeArgs } from '../../project-paths.ts';
import type { ServeOption, ServeStepInputs } from '../system-module.ts';
import { scaledLimit } from '../../target/machine-pace.ts';

interface CliResult {
  readonly failed: boolean;
  /** How it failed: `exit 1`, ... */
  readonly how: string;
  readonly stdout: string;
  readonly stderr: string;
}

function runCli(entry: string, args: readonly string[], env: NodeJS.ProcessEnv): Promise<CliResult> {
  return new Promise((resolve) => {
    execFile(process.execPath, [...tsxNodeArgs(entry), ...args], { env, timeout: scaledLimit(120_000) }, (error, stdout, stderr) => {
      const how = error ? (typeof error.code === 'number' ? `exit ${error.code}` : error.killed ? 'killed at the time limit' : error.message) : '';
      resolve({ failed: error !== null, how, stdout, stderr });
    });
  });
}

/** The installed driver's entry in `driver list --installed --json`, if the home lists it. */
async function installedPath(entry: string, driverName: string, env: NodeJS.ProcessEnv): Promise<string | undefined> {
  const listed = await runCli(entry, ['driver', 'list', '--installed', '--json'], env);
  if (listed.failed) return undefined;
  try {
    const drivers = JSON.parse(listed.stdout) as Record<string, { installPath?: unknown } | undefined>;
    const driver = drivers[driverName];
    return driver ? String(driver.installPath ?? '') : undefined;
  } catch {
    return undefined;
  }
}

export interface DriverInstall {
  /** The reference's CLI (cli.ts). */
  readonly entry: string;
  /** The driver's package folder. */
  readonly source: string;
  /** The name `driver list --installed` shows it under. */
  readonly driverName: string;
  /** The variable naming the extension home, and the reference's default home. */
  readonly homeEnv: string;
  readonly defaultHome: string;
}

/** Installs the driver unless the home already lists it; says which it did. */
export async function installDriver(install: DriverInstall, { env, out }: ServeStepInputs): Promise<void> {
  const home = env[install.homeEnv] ? `${install.homeEnv}=${env[install.homeEnv]}` : `${install.defaultHome} (${install.homeEnv} is not set)`;
  const present = await installedPath(install.entry, install.driverName, env);
  if (present !== undefined) {
    out(`wirecheck serve: the simulated driver ${install.driverName} is already installed in ${home}${present ? ` (${present})` : ''}; left as it is`);
    return;
  }
  const run = await runCli(install.entry, ['driver', 'install', '--source=local', install.source], env);
  if (run.failed) {
    throw new WirecheckError(ERROR_CODES.referenceStart,
      `serve --install-driver could not install the simulated driver from ${install.source} into ${home} (\`driver install\` of the reference's CLI: ${run.how}):\n${`${run.stdout}${run.stderr}`.trim()}`);
  }
  out(`wirecheck serve: installed the simulated driver ${install.driverName} into ${home}`);
  if (run.stdout.trim()) out(run.stdout.trim());
}

/** The options of `wirecheck serve device-server` besides --port. */
export function deviceServerServeOptions(install: DriverInstall): readonly ServeOption[] {
  return [
    { flag: 'address', type: 'string', usage: '--address A', help: ['listening address (the server\'s default: 127.0.0.1)'] },
    { flag: 'base-path', type: 'string', usage: '--base-path P', help: ['base path of every route, e.g. /wd/hub: GET /wd/hub/status'] },
    {
      flag: 'allow-insecure', type: 'string', multiple: true, usage: '--allow-insecure S:F[,S:F]',
      help: ['insecure features, each <driver>:<feature> or *:<feature>,', 'e.g. \'*:session_discovery\' (repeatable)'],
    },
    { flag: 'config', type: 'string', usage: '--config FILE', help: ['the server\'s JSON config file (its flags override the file)'] },
    { flag: 'log-level', type: 'string', usage: '--log-level L', help: ['debug | info | warn | error (default info)'] },
    {
      flag: 'install-driver', type: 'boolean', usage: '--install-driver',
      help: [
        `first install the bundled simulated driver (${install.driverName}) into the`,
        `extension home ($${install.homeEnv}, default ${install.defaultHome}), unless it is there`,
      ],
      before: (inputs) => installDriver(install, inputs),
    },
  ];
}
