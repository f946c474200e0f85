// Spec, Server config file (JSON). Appium nests the keys (`{"server":{"port":4723}}`);
// the flat dotted form (`{"server.port":4723}`) is accepted too. Every problem is
// listed at once, each naming the key; nothing starts while one remains.
import path from 'node:path';
import { CliError } from './cli-errors.ts';
import { readRegularFile, UnreadableFileError } from './read-regular-file.ts';
import { isLogLevel, LOG_LEVELS, type LogLevel } from './text-logger.ts';

export interface ServerSettings {
  address?: string;
  port?: number;
  logLevel?: LogLevel;
  allowInsecure?: string[];
  basePath?: string;
}

type KeyRule = (value: unknown, settings: ServerSettings) => string | undefined;

// Stryker disable next-line all: operational record, describe() only words the refusal messages of the config file
const describe = (v: unknown) => `${JSON.stringify(v)} (${Array.isArray(v) ? 'array' : v === null ? 'null' : typeof v})`;

const RULES: Record<string, KeyRule> = {
  'server.address': (v, s) => {
    // Stryker disable next-line ConditionalExpression,LogicalOperator,MethodExpression,StringLiteral: not shown: the spec gives server.address's type (string), not what a value of another type or an empty one does (Server config file); the reference still refuses most later (the empty --address check, a TypeError); the message is an operational record; shares its line with detected ones
    if (typeof v !== 'string' || v.trim() === '') return `must be a non-empty string, got ${describe(v)}`;
    s.address = v;
  },
  'server.port': (v, s) => {
    // Stryker disable next-line ConditionalExpression,LogicalOperator,EqualityOperator,BlockStatement: not shown: the spec gives server.port's type (integer), not its range nor what another value does (Server config file; Appium 3 refuses 0); a port out of range still fails at listen; shares its line with detected ones
    if (!Number.isInteger(v) || (v as number) < 0 || (v as number) > 65535) {
      // Stryker disable next-line StringLiteral: operational record, the wording of a refusal message; the spec fixes no message (Errors: bodies not shown; DS-CLI-04, INFO, records only whether such a start serves)
      return `must be an integer 0-65535, got ${describe(v)}`;
    }
    s.port = v as number;
  },
  // Stryker disable next-line BlockStatement: operational record, the level only sets the log's verbosity; the spec names only `info` (the reference's default) and fixes no log line but the removed-route record, an info line (Server config file: server.log-level; DS-LEGACY-05)
  'server.log-level': (v, s) => {
    // Stryker disable next-line ConditionalExpression,StringLiteral: not shown: the spec names only `info`, not the other levels nor what an unknown one does (Server config file: server.log-level); without --log-level resolveServerOptions still refuses it; the message is an operational record; shares its line with detected ones
    if (!isLogLevel(v)) return `must be one of ${LOG_LEVELS.join(', ')}, got ${describe(v)}`;
    s.logLevel = v;
  },
  'server.allow-insecure': (v, s) => {
    // Stryker disable next-line ConditionalExpression,LogicalOperator,MethodExpression,BlockStatement: not shown: the spec gives server.allow-insecure's type (array of string), not what another value does (Server config file); most still fail the start (TypeError in parseInsecureFeatures); shares its line with detected ones
    if (!Array.isArray(v) || !v.every((i) => typeof i === 'string')) {
      // Stryker disable next-line StringLiteral: operational record, the wording of a refusal message; the spec fixes no message (Errors: bodies not shown; DS-CLI-04, INFO, records only whether such a start serves)
      return `must be an array of "<scope>:<feature>" strings, got ${describe(v)}`;
    }
    s.allowInsecure = v as string[];
  },
  // Stryker disable next-line BlockStatement: not shown: server.base-path is not among the spec's config keys (Server config file lists four)
  'server.base-path': (v, s) => {
    // Stryker disable next-line all: not shown: server.base-path is not among the spec's config keys (Server config file lists four)
    if (typeof v !== 'string') return `must be a string such as "/wd/hub", got ${describe(v)}`;
    s.basePath = v;
  },
};

export const CONFIG_KEYS = Object.keys(RULES);

const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  // Stryker disable next-line ConditionalExpression,LogicalOperator: not shown: what a file whose JSON is no object, or whose `server` is no object, does (Server config file gives keys and types only); shares its line with detected ones
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** `{"server":{"port":1}}` and `{"server.port":1}` both become `server.port`. */
function flatten(document: Record<string, unknown>): [string, unknown][] {
  const entries: [string, unknown][] = [];
  for (const [key, value] of Object.entries(document)) {
    if (key === 'server' && isPlainObject(value)) {
      for (const [inner, v] of Object.entries(value)) entries.push([`server.${inner}`, v]);
    } else {
      // Stryker disable next-line ArrayDeclaration: not shown: the flat dotted form is the reference's own (DS-CLI-03 writes Appium's nested form); a top-level unknown key is still refused, as "undefined"
      entries.push([key, value]);
    }
  }
  return entries;
}

/** `ignoreUnknown`: fault `config-unknown-keys-ignored`. */
// Stryker disable next-line BooleanLiteral: unreachable through the contract, loadConfigFile always passes ignoreUnknown; the default serves only unit tests; shares its line with a detected one
export function parseConfigDocument(document: unknown, source: string, ignoreUnknown = false): ServerSettings {
  // Stryker disable next-line ConditionalExpression,BlockStatement: not shown: what a file whose JSON is no object does (Server config file gives keys and types only); shares its line with detected ones
  if (!isPlainObject(document)) {
    // Stryker disable next-line StringLiteral: operational record, the wording of a refusal message; the spec fixes no message (Errors: bodies not shown; DS-CLI-04, INFO, records only whether such a start serves)
    throw new CliError('VENDOR_ERR_CONFIG_INVALID', `config file ${source} must hold a JSON object, got ${describe(document)}`);
  }
  const settings: ServerSettings = {};
  const problems: string[] = [];
  for (const [key, value] of flatten(document)) {
    const rule = Object.hasOwn(RULES, key) ? RULES[key] : undefined;
    // Stryker disable next-line ConditionalExpression,StringLiteral,BlockStatement: not shown: what a server does with the relaxed-security option (Authentication 2 tells operators not to use it; DS-SEC-02 is INFO): emptied, the key enables nothing; skipped, it is refused as unknown; shares its line with detected ones
    if (key === 'server.relaxed-security') {
      // Stryker disable next-line StringLiteral: operational record, the wording of a refusal message; the spec fixes no message (Errors: bodies not shown; DS-CLI-04, INFO, records only whether such a start serves)
      problems.push(`"${key}" is not offered by this server: enable single features with "server.allow-insecure" instead`);
    } else if (
      // Stryker disable next-line ConditionalExpression: equivalent in what is seen, an unknown key then calls no rule (TypeError): non-zero exit, never serving; only the message differs; shares its line with detected ones
      !rule
    ) {
      // Stryker disable next-line ConditionalExpression,StringLiteral: fault switch only: → true differs only with config-unknown-keys-ignored on, and the message is an operational record; → false (as the BooleanLiteral of this line, left enabled) takes a config file's unknown key without refusing it, which DS-CLI-04 saw while it was a SHOULD and is not shown now that it is INFO (the spec does not say what an unknown key does)
      if (!ignoreUnknown) problems.push(`unknown key "${key}"; known keys: ${CONFIG_KEYS.join(', ')}`);
    } else {
      const problem = rule(value, settings);
      // Stryker disable next-line ConditionalExpression,StringLiteral: not shown: the spec gives each key's type, not what a value of another type does (Server config file); the message is an operational record; shares its line with a detected one (true)
      if (problem) problems.push(`"${key}" ${problem}`);
    }
  }
  if (problems.length > 0) {
    throw new CliError(
      // Stryker disable next-line StringLiteral: equivalent, the CLI prints a CliError's message and exits with its exitCode; the code is read only by unit tests (cli.ts fail)
      'VENDOR_ERR_CONFIG_INVALID',
      // Stryker disable next-line StringLiteral,ArrowFunction: operational record, the wording of a refusal message; the spec fixes no message (Errors: bodies not shown; DS-CLI-04, INFO, records only whether such a start serves)
      `errors in config file ${source}:\n${problems.map((p) => `  - ${p}`).join('\n')}`,
    );
  }
  return settings;
}

/** 1 MiB: a server config file is a few hundred bytes; anything near this is the wrong path. */
export const CONFIG_FILE_MAX_BYTES = 1024 * 1024;

/** The file's text; a path that names no regular file, or one over the limit, is refused naming the path and why. */
function readConfigText(source: string): string {
  try {
    return readRegularFile(source, CONFIG_FILE_MAX_BYTES).toString('utf8');
  } catch (error) {
    const reason = error instanceof UnreadableFileError ? `${error.message}; give the path of a JSON file` : (error as Error).message;
    throw new CliError('VENDOR_ERR_CONFIG_INVALID', `cannot read config file ${source}: ${reason}`);
  }
}

// Stryker disable next-line BooleanLiteral: unreachable through the contract, resolveServerOptions always passes ignoreUnknown; the default serves only unit tests; shares its line with a detected one
export function loadConfigFile(file: string, ignoreUnknown = false): ServerSettings {
  const source = path.resolve(file);
  const text = readConfigText(source);
  let document: unknown;
  try {
    document = JSON.parse(text);
  }
  // Stryker disable next-line BlockStatement: equivalent in what is seen, the document stays undefined and parseConfigDocument refuses it as no JSON object; only the message differs
  catch (error) {
    // Stryker disable next-line StringLiteral: operational record, the wording of a refusal message; the spec fixes no message (Errors: bodies not shown; DS-CLI-04, INFO, records only whether such a start serves)
    throw new CliError('VENDOR_ERR_CONFIG_INVALID', `config file ${source} is not valid JSON: ${(error as Error).message}`);
  }
  return parseConfigDocument(document, source, ignoreUnknown);
}
