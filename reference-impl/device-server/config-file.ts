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

const describe = (v: unknown) => `${JSON.stringify(v)} (${Array.isArray(v) ? 'array' : v === null ? 'null' : typeof v})`;

const RULES: Record<string, KeyRule> = {
  'server.address': (v, s) => {
    if (typeof v !== 'string' || v.trim() === '') return `must be a non-empty string, got ${describe(v)}`;
    s.address = v;
  },
  'server.port': (v, s) => {
    if (!Number.isInteger(v) || (v as number) < 0 || (v as number) > 65535) {
      return `must be an integer 0-65535, got ${describe(v)}`;
    }
    s.port = v as number;
  },
  'server.log-level': (v, s) => {
    if (!isLogLevel(v)) return `must be one of ${LOG_LEVELS.join(', ')}, got ${describe(v)}`;
    s.logLevel = v;
  },
  'server.allow-insecure': (v, s) => {
    if (!Array.isArray(v) || !v.every((i) => typeof i === 'string')) {
      return `must be an array of "<scope>:<feature>" strings, got ${describe(v)}`;
    }
    s.allowInsecure = v as string[];
  },
  'server.base-path': (v, s) => {
    if (typeof v !== 'string') return `must be a string such as "/wd/hub", got ${describe(v)}`;
    s.basePath = v;
  },
};

export const CONFIG_KEYS = Object.keys(RULES);

const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** `{"server":{"port":1}}` and `{"server.port":1}` both become `server.port`. */
function flatten(document: Record<string, unknown>): [string, unknown][] {
  const entries: [string, unknown][] = [];
  for (const [key, value] of Object.entries(document)) {
    if (key === 'server' && isPlainObject(value)) {
      for (const [inner, v] of Object.entries(value)) entries.push([`server.${inner}`, v]);
    } else {
      entries.push([key, value]);
    }
  }
  return entries;
}

/** `ignoreUnknown`: fault `config-unknown-keys-ignored`. */
export function parseConfigDocument(document: unknown, source: string, ignoreUnknown = false): ServerSettings {
  if (!isPlainObject(document)) {
    throw new CliError('VENDOR_ERR_CONFIG_INVALID', `config file ${source} must hold a JSON object, got ${describe(document)}`);
  }
  const settings: ServerSettings = {};
  const problems: string[] = [];
  for (const [key, value] of flatten(document)) {
    const rule = Object.hasOwn(RULES, key) ? RULES[key] : undefined;
    if (key === 'server.relaxed-security') {
      problems.push(`"${key}" is not offered by this server: enable single features with "server.allow-insecure" instead`);
    } else if (
      !rule
    ) {
      if (!ignoreUnknown) problems.push(`unknown key "${key}"; known keys: ${CONFIG_KEYS.join(', ')}`);
    } else {
      const problem = rule(value, settings);
      if (problem) problems.push(`"${key}" ${problem}`);
    }
  }
  if (problems.length > 0) {
    throw new CliError(
      'VENDOR_ERR_CONFIG_INVALID',
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

export function loadConfigFile(file: string, ignoreUnknown = false): ServerSettings {
  const source = path.resolve(file);
  const text = readConfigText(source);
  let document: unknown;
  try {
    document = JSON.parse(text);
  }
  catch (error) {
    throw new CliError('VENDOR_ERR_CONFIG_INVALID', `config file ${source} is not valid JSON: ${(error as Error).message}`);
  }
  return parseConfigDocument(document, source, ignoreUnknown);
}
