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
export const DEFAULT_HOST = '127.0.0.1';
const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];
const SCHEMA_NAME = /^[A-Za-z_][A-Za-z0-9_]{0,62}$/;

export class ConfigError extends Error {
  override readonly name = 'ConfigError';
  constructor(readonly problems: readonly string[]) {
    super(`invalid environment (${problems.length} problem${problems.length === 1 ? '' : 's'}):\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  }
}

function readPort(value: string | undefined, problems: string[]): number {
  if (value === undefined || value === '') return DEFAULT_PORT;
  const port = /^\d{1,5}$/.test(value) ? Number(value) : NaN;
  if (Number.isInteger(port) && port <= 65_535) return port;
  problems.push(`PORT=${JSON.stringify(value)} is not a port number; use an integer 0-65535 (0 = any free port), default ${DEFAULT_PORT}`);
  return DEFAULT_PORT;
}

function readDatabase(env: NodeJS.ProcessEnv, problems: string[]): Pick<ResourceApiConfig, 'databaseUrl' | 'databaseSchema'> {
  const databaseUrl = env['DATABASE_URL'] || undefined;
  const databaseSchema = env['DATABASE_SCHEMA'] || undefined;
  if (databaseUrl !== undefined && !/^postgres(ql)?:\/\//.test(databaseUrl)) {
    problems.push('DATABASE_URL must be a PostgreSQL URL (postgres://user@host:5432/db); unset it to use the embedded store');
  }
  if (databaseSchema !== undefined && !SCHEMA_NAME.test(databaseSchema)) {
    problems.push(`DATABASE_SCHEMA=${JSON.stringify(databaseSchema)} is not a plain identifier; use letters, digits and _ (max 63)`);
  }
  return { databaseUrl, databaseSchema };
}

function readFlag(env: NodeJS.ProcessEnv, name: string, problems: string[]): boolean {
  const value = env[name];
  if (value === undefined || value === '' || value === '0') return false;
  if (value === '1') return true;
  problems.push(`${name}=${JSON.stringify(value)} must be 1 (on) or 0/unset (off)`);
  return false;
}

function readTokens(env: NodeJS.ProcessEnv, problems: string[]): Pick<ResourceApiConfig, 'tokens' | 'tokensSource'> {
  const value = env['API_TOKENS'];
  const tokensSource = value === undefined ? 'development-default' : 'env';
  if (value !== undefined && value.trim() === '') {
    problems.push('API_TOKENS is empty; set it to "token:user,token:user" or unset it for the development tokens');
  }
  const parsed = parseApiTokens(value ?? DEVELOPMENT_TOKENS);
  if (value?.trim()) problems.push(...parsed.problems);
  return { tokens: parsed.table, tokensSource };
}

function readFaultSet(env: NodeJS.ProcessEnv, problems: string[]): ResourceFaults {
  try {
    return readFaults(env, KNOWN_FAULTS);
  } catch (error) {
    problems.push((error as Error).message);
    return NO_FAULTS;
  }
}

/** Faults that can only show on PostgreSQL: on PGlite they would be a clean reference that quietly passes. */
function postgresOnlyFaults(config: Pick<ResourceApiConfig, 'faults' | 'databaseUrl'>): string[] {
  if (config.databaseUrl !== undefined) return [];
  const why = {
    'lock-per-request': 'PGlite runs each query to its end before the next request is read, so no two requests interleave',
    'no-row-lock': 'PGlite runs one transaction at a time, so no two read the same row',
    'multi-process-read-then-write': 'it runs several processes on one store, and PGlite belongs to one process',
  } as const;
  return (Object.keys(why) as (keyof typeof why)[]).filter((fault) => config.faults.has(fault))
    .map((fault) => `fault ${fault} needs DATABASE_URL: ${why[fault]}`);
}

/** Reads and validates the environment; throws ConfigError listing every problem. */
export function readConfig(env: NodeJS.ProcessEnv): ResourceApiConfig {
  const problems: string[] = [];
  const logLevel = env['LOG_LEVEL'] || 'info';
  if (!LOG_LEVELS.includes(logLevel)) problems.push(`LOG_LEVEL=${JSON.stringify(logLevel)} is not one of ${LOG_LEVELS.join(', ')}`);
  const config: ResourceApiConfig = {
    host: env['HOST'] || DEFAULT_HOST,
    port: readPort(env['PORT'], problems),
    ...readDatabase(env, problems),
    dataDir: env['DATA_DIR'] || undefined,
    probe: readFlag(env, 'CONFORMANCE_PROBE', problems),
    faults: readFaultSet(env, problems),
    logLevel,
    ...readTokens(env, problems),
    limits: readServerLimits(env, problems),
  };
  problems.push(...postgresOnlyFaults(config));
  if (problems.length > 0) throw new ConfigError(problems);
  return Object.freeze(config);
}
