// Every environment variable the device server reads, read here once and frozen.
import os from 'node:os';
import path from 'node:path';
import { UnknownFaultError } from '../shared/faults.ts';
import { CliError } from './cli-errors.ts';
import { readDeviceServerFaults, type DeviceServerFaults } from './faults.ts';

export interface Environment {
  /** Extension home: VENDOR_HOME, default ~/.vendor. */
  readonly home: string;
  /** True when the home came from VENDOR_HOME (shown in messages). */
  readonly homeFromEnv: boolean;
  /** Test hooks replacing the detected runtime / package manager versions. */
  readonly nodeVersionOverride: string | undefined;
  readonly npmVersionOverride: string | undefined;
  /** `npm/11.6.0 node/v20...` when run through npm/npx: a free source of npm's version. */
  readonly npmUserAgent: string | undefined;
  readonly faults: DeviceServerFaults;
  /** The environment handed to child processes (npm) and doctor checks. */
  readonly processEnv: NodeJS.ProcessEnv;
}

const nonEmpty = (value: string | undefined) => (value === undefined || value === '' ? undefined : value);

export function readEnvironment(env: NodeJS.ProcessEnv): Environment {
  const homeVar = nonEmpty(env['VENDOR_HOME']);
  let faults: DeviceServerFaults;
  try {
    faults = readDeviceServerFaults(env);
  } catch (error) {
    if (error instanceof UnknownFaultError) throw new CliError('VENDOR_ERR_FAULTS', error.message);
    throw error;
  }
  return Object.freeze({
    home: path.resolve(homeVar ?? path.join(os.homedir(), '.vendor')),
    homeFromEnv: homeVar !== undefined,
    nodeVersionOverride: nonEmpty(env['VENDOR_ENGINE_NODE_VERSION']),
    npmVersionOverride: nonEmpty(env['VENDOR_ENGINE_NPM_VERSION']),
    npmUserAgent: nonEmpty(env['npm_config_user_agent']),
    faults,
    processEnv: env,
  });
}
