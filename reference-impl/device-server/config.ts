// Every environment variable the device server reads, read here once and frozen.
import os from 'node:os';
import path from 'node:path';
import { UnknownFaultError } from '../shared/faults.ts';
import { readServerLimits, type ServerLimits } from '../shared/server-limits.ts';
import { CliError } from './cli-errors.ts';
import { readDeviceServerFaults, type DeviceServerFaults } from './faults.ts';

export interface Environment {
  /** Extension home: VENDOR_HOME, default ~/.vendor. */
  readonly home: string;
  /** True when the home came from VENDOR_HOME (shown in messages). */
  readonly homeFromEnv: boolean;
  /**
   * The only directory `vendor:app` and `mobile: installApp` may read from: VENDOR_APPS_ROOT,
   * default the working directory the server was started in (where the harness and the
   * container put their sample app), so a client cannot make the server read any file it can.
   */
  readonly appsRoot: string;
  /** Test hooks replacing the detected runtime / package manager versions. */
  readonly nodeVersionOverride: string | undefined;
  readonly npmVersionOverride: string | undefined;
  /** `npm/11.6.0 node/v20...` when run through npm/npx: a free source of npm's version. */
  readonly npmUserAgent: string | undefined;
  readonly faults: DeviceServerFaults;
  /** The environment handed to child processes (npm) and doctor checks. */
  readonly processEnv: NodeJS.ProcessEnv;
  /** Request deadlines and the connection cap: VENDOR_HEADERS_TIMEOUT_MS, VENDOR_REQUEST_TIMEOUT_MS, VENDOR_KEEP_ALIVE_TIMEOUT_MS, VENDOR_MAX_CONNECTIONS. */
  readonly limits: ServerLimits;
}

function readLimits(env: NodeJS.ProcessEnv): ServerLimits {
  const problems: string[] = [];
  const limits = readServerLimits(env, problems, 'VENDOR_');
  if (problems.length > 0) throw new CliError('VENDOR_ERR_USAGE', `invalid environment:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  return limits;
}

const nonEmpty = (value: string | undefined) => (value === undefined || value === '' ? undefined : value);

export function readEnvironment(env: NodeJS.ProcessEnv): Environment {
  const homeVar = nonEmpty(env['VENDOR_HOME']);
  let faults: DeviceServerFaults;
  try {
    faults = readDeviceServerFaults(env);
  }
  catch (error) {
    if (error instanceof UnknownFaultError) throw new CliError('VENDOR_ERR_FAULTS', error.message);
    throw error;
  }
  return Object.freeze({
    home: path.resolve(homeVar ?? path.join(os.homedir(), '.vendor')),
    homeFromEnv: homeVar !== undefined,
    appsRoot: path.resolve(nonEmpty(env['VENDOR_APPS_ROOT']) ?? process.cwd()),
    nodeVersionOverride: nonEmpty(env['VENDOR_ENGINE_NODE_VERSION']),
    npmVersionOverride: nonEmpty(env['VENDOR_ENGINE_NPM_VERSION']),
    npmUserAgent: nonEmpty(env['npm_config_user_agent']),
    faults,
    processEnv: env,
    limits: readLimits(env),
  });
}
