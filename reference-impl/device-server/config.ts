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

// Stryker disable next-line ConditionalExpression,LogicalOperator,StringLiteral: not shown: what an empty VENDOR_HOME does (Extension: the home is chosen by VENDOR_HOME; no suite sets it empty); the other variables read through it are the reference's own hooks; shares its line with detected ones
const nonEmpty = (value: string | undefined) => (value === undefined || value === '' ? undefined : value);

export function readEnvironment(env: NodeJS.ProcessEnv): Environment {
  const homeVar = nonEmpty(env['VENDOR_HOME']);
  let faults: DeviceServerFaults;
  try {
    faults = readDeviceServerFaults(env);
  }
  // Stryker disable next-line BlockStatement: fault switch only, reached only when WIRECHECK_FAULTS names an unknown fault
  catch (error) {
    // Stryker disable next-line ConditionalExpression,StringLiteral: fault switch only, reached only when WIRECHECK_FAULTS names an unknown fault
    if (error instanceof UnknownFaultError) throw new CliError('VENDOR_ERR_FAULTS', error.message);
    throw error;
  }
  return Object.freeze({
    // Stryker disable next-line StringLiteral: not shown: the default home (Extension: the home is chosen by VENDOR_HOME; no default is given, and the suites always set it); shares its line with a detected one (LogicalOperator, DS-CLI-06)
    home: path.resolve(homeVar ?? path.join(os.homedir(), '.vendor')),
    // Stryker disable next-line ConditionalExpression,EqualityOperator: operational record, homeFromEnv only words the startup log line naming where the home came from (server.ts logStartup)
    homeFromEnv: homeVar !== undefined,
    appsRoot: path.resolve(nonEmpty(env['VENDOR_APPS_ROOT']) ?? process.cwd()),
    // Stryker disable next-line StringLiteral: not shown: VENDOR_ENGINE_NODE_VERSION is the reference's own test hook for the engine check (engine-check.test.ts); the spec names no such variable and no suite sets it (Errors: engine error)
    nodeVersionOverride: nonEmpty(env['VENDOR_ENGINE_NODE_VERSION']),
    // Stryker disable next-line StringLiteral: not shown: VENDOR_ENGINE_NPM_VERSION is the reference's own test hook for the engine check (engine-check.test.ts); the spec names no such variable and no suite sets it (Errors: engine error)
    npmVersionOverride: nonEmpty(env['VENDOR_ENGINE_NPM_VERSION']),
    // Stryker disable next-line StringLiteral: performance only, the npm user agent only spares running `npm --version` (engine-check.ts detectNpmVersion), which finds the same npm
    npmUserAgent: nonEmpty(env['npm_config_user_agent']),
    faults,
    processEnv: env,
    limits: readLimits(env),
  });
}
