// The environment of the resource API server, read in one place, validated with
// every problem listed at once, then frozen. Nothing else reads process.env.
import type { ResourceFaults } from './faults.ts';
import { KNOWN_FAULTS, NO_FAULTS } from './faults.ts';
import { readFaults } from '../shared/faults.ts';
import type { TokenTable } from './token-table.ts';
import { DEVELOPMENT_TOKENS, parseApiTokens } from './token-table.ts';

export interface ResourceApiConfig {
  readonly host: string;
  readonly port: number;
  readonly databaseUrl: string | undefined;
  readonly databaseSchema: string | undefined;
  readonly dataDir: string | undefined;
  readonly probe: boolean;
  readonly faults: ResourceFaults;
  readonly logLevel: string;
  readonly tokens: TokenTable;
  /** `development-default` when API_TOKENS is unset (the server logs a warning). */
  readonly tokensSource: 'env' | 'development-default';
}

export const DEFAULT_PORT = 3001;
// Stryker disable next-line StringLiteral: not in the spec: a run always sets HOST (config.test.ts checks the default)
export const DEFAULT_HOST = '127.0.0.1';
// Stryker disable next-line StringLiteral: not in the spec: which LOG_LEVEL values start the process; a run sets info (harness) or silent (mutation run)
const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];
// Stryker disable next-line Regex: not in the spec: validation of the process's own environment, a run always gives a valid one (config.test.ts proves the rules)
const SCHEMA_NAME = /^[A-Za-z_][A-Za-z0-9_]{0,62}$/;

// Stryker disable all: not in the spec: the start-up error for an invalid environment; a run always gives a valid one (config.test.ts checks it)
export class ConfigError extends Error {
  override readonly name = 'ConfigError';
  constructor(readonly problems: readonly string[]) {
    super(`invalid environment (${problems.length} problem${problems.length === 1 ? '' : 's'}):\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  }
}
// Stryker restore all

// Stryker disable next-line BlockStatement: not observable: a run is told the URL the reference listens on; which port that is changes nothing a check sees
function readPort(value: string | undefined, problems: string[]): number {
  // Stryker disable next-line all: not observable: a run is told the URL the reference listens on; which port that is changes nothing a check sees
  if (value === undefined || value === '') return DEFAULT_PORT;
  // Stryker disable next-line Regex: not in the spec: validation of the process's own environment, a run always gives a valid one (config.test.ts proves the rules)
  const port = /^\d{1,5}$/.test(value) ? Number(value) : NaN;
  // Stryker disable next-line ConditionalExpression,LogicalOperator,EqualityOperator: not in the spec: validation of the process's own environment, a run always gives a valid one (config.test.ts proves the rules)
  if (Number.isInteger(port) && port <= 65_535) return port;
  // Stryker disable next-line StringLiteral: not in the spec: validation of the process's own environment, a run always gives a valid one (config.test.ts proves the rules)
  problems.push(`PORT=${JSON.stringify(value)} is not a port number; use an integer 0-65535 (0 = any free port), default ${DEFAULT_PORT}`);
  return DEFAULT_PORT;
}

// Stryker disable next-line BlockStatement: not observable: which store backs the API (PostgreSQL or the embedded one) is not visible through it
function readDatabase(env: NodeJS.ProcessEnv, problems: string[]): Pick<ResourceApiConfig, 'databaseUrl' | 'databaseSchema'> {
  // Stryker disable next-line LogicalOperator,StringLiteral: not observable: which store backs the API (PostgreSQL or the embedded one) is not visible through it
  const databaseUrl = env['DATABASE_URL'] || undefined;
  // Stryker disable next-line ConditionalExpression,LogicalOperator,StringLiteral: where the store keeps its tables is not observable
  const databaseSchema = env['DATABASE_SCHEMA'] || undefined;
  // Stryker disable next-line ConditionalExpression,EqualityOperator,Regex,BlockStatement: not in the spec: validation of the process's own environment, a run always gives a valid one (config.test.ts proves the rules)
  if (databaseUrl !== undefined && !/^postgres(ql)?:\/\//.test(databaseUrl)) {
    // Stryker disable next-line StringLiteral: not in the spec: validation of the process's own environment, a run always gives a valid one (config.test.ts proves the rules)
    problems.push('DATABASE_URL must be a PostgreSQL URL (postgres://user@host:5432/db); unset it to use the embedded store');
  }
  // Stryker disable next-line ConditionalExpression,EqualityOperator,BlockStatement: not in the spec: validation of the process's own environment, a run always gives a valid one (config.test.ts proves the rules)
  if (databaseSchema !== undefined && !SCHEMA_NAME.test(databaseSchema)) {
    // Stryker disable next-line StringLiteral: not in the spec: validation of the process's own environment, a run always gives a valid one (config.test.ts proves the rules)
    problems.push(`DATABASE_SCHEMA=${JSON.stringify(databaseSchema)} is not a plain identifier; use letters, digits and _ (max 63)`);
  }
  // Stryker disable next-line ObjectLiteral: not in the spec: which store backs the API; without these the reference opens PGlite in a fresh temp dir, committing the same way
  return { databaseUrl, databaseSchema };
}

function readFlag(env: NodeJS.ProcessEnv, name: string, problems: string[]): boolean {
  const value = env[name];
  // Stryker disable next-line ConditionalExpression,LogicalOperator,StringLiteral,BooleanLiteral: not in the spec: validation of the process's own environment, a run always gives a valid one (config.test.ts proves the rules); CONFORMANCE_PROBE is 1 in every run
  if (value === undefined || value === '' || value === '0') return false;
  // Stryker disable next-line ConditionalExpression: not in the spec: validation of the process's own environment, a run always gives a valid one (config.test.ts proves the rules); CONFORMANCE_PROBE is 1 in every run
  if (value === '1') return true;
  // Stryker disable next-line StringLiteral: not in the spec: validation of the process's own environment, a run always gives a valid one (config.test.ts proves the rules)
  problems.push(`${name}=${JSON.stringify(value)} must be 1 (on) or 0/unset (off)`);
  // Stryker disable next-line BooleanLiteral: not in the spec: validation of the process's own environment, a run always gives a valid one (config.test.ts proves the rules)
  return false;
}

function readTokens(env: NodeJS.ProcessEnv, problems: string[]): Pick<ResourceApiConfig, 'tokens' | 'tokensSource'> {
  const value = env['API_TOKENS'];
  // Stryker disable next-line all: operational record: tokensSource only chooses a start-up warning of server.ts (a log line)
  const tokensSource = value === undefined ? 'development-default' : 'env';
  // Stryker disable next-line ConditionalExpression,EqualityOperator,MethodExpression,StringLiteral,BlockStatement: not in the spec: validation of the process's own environment, a run always gives a valid one (config.test.ts proves the rules)
  if (value !== undefined && value.trim() === '') {
    // Stryker disable next-line StringLiteral: not in the spec: validation of the process's own environment, a run always gives a valid one (config.test.ts proves the rules)
    problems.push('API_TOKENS is empty; set it to "token:user,token:user" or unset it for the development tokens');
  }
  const parsed = parseApiTokens(value ?? DEVELOPMENT_TOKENS);
  // Stryker disable next-line all: not in the spec: validation of the process's own environment, a run's API_TOKENS always parses without problems (config.test.ts proves the rules)
  if (value?.trim()) problems.push(...parsed.problems);
  return { tokens: parsed.table, tokensSource };
}

// Stryker disable all: the fault switches are read for the self-test only; every conformance run has none (buildApp falls back to NO_FAULTS)
function readFaultSet(env: NodeJS.ProcessEnv, problems: string[]): ResourceFaults {
  try {
    return readFaults(env, KNOWN_FAULTS);
  } catch (error) {
    problems.push((error as Error).message);
    return NO_FAULTS;
  }
}
// Stryker restore all

/** Reads and validates the environment; throws ConfigError listing every problem. */
export function readConfig(env: NodeJS.ProcessEnv): ResourceApiConfig {
  const problems: string[] = [];
  // Stryker disable next-line LogicalOperator,StringLiteral: operational record: how much is logged is not specified
  const logLevel = env['LOG_LEVEL'] || 'info';
  // Stryker disable next-line ConditionalExpression,StringLiteral: not in the spec: validation of the process's own environment, a run always gives a valid one (config.test.ts proves the rules)
  if (!LOG_LEVELS.includes(logLevel)) problems.push(`LOG_LEVEL=${JSON.stringify(logLevel)} is not one of ${LOG_LEVELS.join(', ')}`);
  const config: ResourceApiConfig = {
    // Stryker disable next-line ConditionalExpression,LogicalOperator,StringLiteral: not in the spec: a run always sets HOST=127.0.0.1, the default
    host: env['HOST'] || DEFAULT_HOST,
    // Stryker disable next-line StringLiteral: not in the spec: the listening port is the process's own environment; a wrong one fails the run's start-up, not a check
    port: readPort(env['PORT'], problems),
    ...readDatabase(env, problems),
    // Stryker disable next-line all: not in the spec: where the store keeps its data is not observable
    dataDir: env['DATA_DIR'] || undefined,
    probe: readFlag(env, 'CONFORMANCE_PROBE', problems),
    faults: readFaultSet(env, problems),
    logLevel,
    ...readTokens(env, problems),
  };
  // Stryker disable next-line ConditionalExpression: not in the spec: validation of the process's own environment, a run always gives a valid one (config.test.ts proves the rules)
  if (problems.length > 0) throw new ConfigError(problems);
  return Object.freeze(config);
}
