// The environment of the resource API server, read in one place, validated with
// every problem listed at once, then frozen. Nothing else reads process.env.
import type { ResourceFaults } from './faults.ts';
import { KNOWN_FAULTS, NO_FAULTS } from './faults.ts';
import { readFaults } from '../shared/faults.ts';
import { readServerLimits, type ServerLimits } from '../shared/server-limits.ts';
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
  /** Request deadlines and the connection cap (HEADERS_TIMEOUT_MS, REQUEST_TIMEOUT_MS, KEEP_ALIVE_TIMEOUT_MS, MAX_CONNECTIONS). */
  readonly limits: ServerLimits;
}

export const DEFAULT_PORT = 3001;
// Stryker disable next-line StringLiteral: not in the spec: a run always sets HOST (config.test.ts checks the default)
export const DEFAULT_HOST = '127.0.0.1';
// Stryker disable next-line StringLiteral: not in the spec: which LOG_LEVEL values start the process; the mutation run sets silent, so emptying another level is unseen there (info emptied would fail a certification run's start-up, where the harness sets info); the directive also hides the detected 'silent' emptied, which refuses the mutation run's level: start-up fails, which every check sees
const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];
// Stryker disable next-line Regex: not in the spec: validation of the process's own environment, a run always gives a valid one, whose schema name the pattern without its ^ or its $ passes alike (config.test.ts proves the rules); the directive also hides the detected patterns that refuse the run's schema name (either class negated, the {0,62} dropped): on PostgreSQL, the run's store, start-up fails, which every check sees
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
  // Stryker disable next-line all: not observable while the default port is free: a run gives PORT=0 and reads the port the reference listens on, so the mutants that take the default (→ true, && for ||, !== for either ===) listen on 3001 instead; where 3001 is taken (another runner's mutant there) start-up fails, so a run may count one of them killed; → false and the emptied string are equivalent for PORT=0
  if (value === undefined || value === '') return DEFAULT_PORT;
  // Stryker disable next-line Regex: not in the spec: validation of the process's own environment, a run always gives a valid one (PORT=0), which the pattern without its ^ or its $, or with one digit only, passes alike (config.test.ts proves the rules); the directive also hides the detected \D for \d, which refuses PORT=0: start-up fails, which every check sees
  const port = /^\d{1,5}$/.test(value) ? Number(value) : NaN;
  // Stryker disable next-line ConditionalExpression,LogicalOperator,EqualityOperator: not in the spec: validation of the process's own environment, a run always gives a valid one (PORT=0), which → true, || for &&, port → true and < for <= let through alike (config.test.ts proves the rules); the directive also hides the detected → false and > for <=, which refuse PORT=0: start-up fails, which every check sees
  if (Number.isInteger(port) && port <= 65_535) return port;
  // Stryker disable next-line StringLiteral: not in the spec: validation of the process's own environment, a run always gives a valid one (config.test.ts proves the rules)
  problems.push(`PORT=${JSON.stringify(value)} is not a port number; use an integer 0-65535 (0 = any free port), default ${DEFAULT_PORT}`);
  return DEFAULT_PORT;
}

// Stryker disable next-line BlockStatement: not observable: which store backs the API (PostgreSQL or the embedded one) is not visible through it
function readDatabase(env: NodeJS.ProcessEnv, problems: string[]): Pick<ResourceApiConfig, 'databaseUrl' | 'databaseSchema'> {
  // Stryker disable next-line LogicalOperator,StringLiteral: not observable: which store backs the API (PostgreSQL or the embedded one) is not visible through it
  const databaseUrl = env['DATABASE_URL'] || undefined;
  // Stryker disable next-line ConditionalExpression,LogicalOperator,StringLiteral: where the store keeps its tables is not observable (→ false, && for ||, the name emptied: the store's default schema instead of the run's own); the directive also hides the detected → true, which names the schema true: on PostgreSQL, the run's store, start-up fails, which every check sees
  const databaseSchema = env['DATABASE_SCHEMA'] || undefined;
  // Stryker disable next-line ConditionalExpression,EqualityOperator,Regex,BlockStatement: not in the spec: validation of the process's own environment, a run always gives a valid one, so the test never holds (→ false, the pattern without its ^ and the emptied block change nothing; === for !== changes nothing on PostgreSQL, the run's store; config.test.ts proves the rules); the directive also hides the detected → true and the pattern with (ql) required, which refuse the run's postgres:// URL: start-up fails, which every check sees (so does === for !== in a run without DATABASE_URL)
  if (databaseUrl !== undefined && !/^postgres(ql)?:\/\//.test(databaseUrl)) {
    // Stryker disable next-line StringLiteral: not in the spec: validation of the process's own environment, a run always gives a valid one (config.test.ts proves the rules)
    problems.push('DATABASE_URL must be a PostgreSQL URL (postgres://user@host:5432/db); unset it to use the embedded store');
  }
  // Stryker disable next-line ConditionalExpression,EqualityOperator,BlockStatement: not in the spec: validation of the process's own environment, a run always gives a valid one, so the test never holds (→ false, === for !== and the emptied block change nothing; config.test.ts proves the rules); the directive also hides the detected → true, which refuses every schema name: start-up fails, which every check sees
  if (databaseSchema !== undefined && !SCHEMA_NAME.test(databaseSchema)) {
    // Stryker disable next-line StringLiteral: not in the spec: validation of the process's own environment, a run always gives a valid one (config.test.ts proves the rules)
    problems.push(`DATABASE_SCHEMA=${JSON.stringify(databaseSchema)} is not a plain identifier; use letters, digits and _ (max 63)`);
  }
  // Stryker disable next-line ObjectLiteral: not in the spec: which store backs the API; without these the reference opens PGlite in a fresh temp dir, committing the same way
  return { databaseUrl, databaseSchema };
}

function readFlag(env: NodeJS.ProcessEnv, name: string, problems: string[]): boolean {
  const value = env[name];
  // Stryker disable next-line ConditionalExpression,LogicalOperator,StringLiteral,BooleanLiteral: equivalent in a run: CONFORMANCE_PROBE is 1 in every run, so the test never holds and false is never returned (→ false for any operand, && for ||, the strings changed, true for false; config.test.ts proves the rules); the directive also hides the detected → true of the whole test, which turns the probe off: every check that reads the probe fails
  if (value === undefined || value === '' || value === '0') return false;
  // Stryker disable next-line ConditionalExpression: equivalent in a run: CONFORMANCE_PROBE is 1 in every run, so → true changes nothing (config.test.ts proves the rules); the directive also hides the detected → false, which notes 1 as an invalid value: start-up fails, which every check sees
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
  // Stryker disable next-line ConditionalExpression,EqualityOperator,MethodExpression,StringLiteral,BlockStatement: not in the spec: validation of the process's own environment, a run always gives a non-empty API_TOKENS, so the test never holds (→ false, === undefined, no trim, the string changed and the emptied block change nothing; config.test.ts proves the rules); the directive also hides the detected → true of the whole test or of its second half and !== for ===, which note the run's tokens as empty: start-up fails, which every check sees
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
  // Stryker disable next-line ConditionalExpression,StringLiteral: not in the spec: validation of the process's own environment, a run always gives a valid LOG_LEVEL, so the test never holds (→ false and the message's strings change nothing; config.test.ts proves the rules); the directive also hides the detected → true, which refuses every level: start-up fails, which every check sees
  if (!LOG_LEVELS.includes(logLevel)) problems.push(`LOG_LEVEL=${JSON.stringify(logLevel)} is not one of ${LOG_LEVELS.join(', ')}`);
  const config: ResourceApiConfig = {
    // Stryker disable next-line ConditionalExpression,LogicalOperator,StringLiteral: equivalent in a run: it sets HOST=127.0.0.1, the default itself (&& for || and the emptied name give the default; → false listens on Fastify's default, localhost, which answers on 127.0.0.1 too); the directive also hides the detected → true, which asks to listen on the host true: start-up fails, which every check sees
    host: env['HOST'] || DEFAULT_HOST,
    // Stryker disable next-line StringLiteral: not observable while the default port is free: reading no PORT listens on 3001 instead of PORT=0, and a run reads the port the reference listens on; where 3001 is taken start-up fails
    port: readPort(env['PORT'], problems),
    ...readDatabase(env, problems),
    // Stryker disable next-line all: not in the spec: where the store keeps its data is not observable; on PostgreSQL, the run's store, the data directory is not read at all (a run without DATABASE_URL gives DATA_DIR, where → true passes true for the directory)
    dataDir: env['DATA_DIR'] || undefined,
    probe: readFlag(env, 'CONFORMANCE_PROBE', problems),
    faults: readFaultSet(env, problems),
    logLevel,
    ...readTokens(env, problems),
    limits: readServerLimits(env, problems),
  };
  // Stryker disable next-line ConditionalExpression: not in the spec: validation of the process's own environment, a run always gives a valid one, so no problem is noted and → false changes nothing (config.test.ts proves the rules); the directive also hides the detected → true, which throws with no problem noted: start-up fails, which every check sees
  if (problems.length > 0) throw new ConfigError(problems);
  return Object.freeze(config);
}
