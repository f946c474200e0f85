// The command-line forms of CONTRACTS §1 (the server command) and the extension
// commands, parsed into one typed command. `--opt=value` and `--opt value` are both
// accepted; anything unrecognised is a usage error naming it.
import { CliError } from './cli-errors.ts';

export interface ServerFlags {
  address?: string;
  port?: string;
  basePath?: string;
  allowInsecure?: string[];
  config?: string;
  logLevel?: string;
  relaxedSecurity: boolean;
}

export type ExtensionType = 'driver' | 'plugin';
export type InstallSource = 'local' | 'npm';

export type CliCommand =
  | { kind: 'help' }
  | { kind: 'version' }
  | { kind: 'server'; flags: ServerFlags }
  | { kind: 'install'; type: ExtensionType; source: InstallSource | undefined; spec: string; json: boolean }
  | { kind: 'uninstall'; type: ExtensionType; name: string; json: boolean }
  | { kind: 'list'; type: ExtensionType; installed: boolean; updates: boolean; json: boolean }
  | { kind: 'doctor'; type: ExtensionType; name: string }
  | { kind: 'setup-reset' };

const usage = (message: string) => new CliError('VENDOR_ERR_USAGE', `${message}. Run with --help for usage.`);

/** Splits `--a=b` into `--a b`; keeps everything else. */
function tokenize(argv: readonly string[]): string[] {
  return argv.flatMap((arg) => {
    const at = arg.indexOf('=');
    return arg.startsWith('-') && at > 0 ? [arg.slice(0, at), arg.slice(at + 1)] : [arg];
  });
}

const SERVER_VALUE_OPTIONS: Record<string, keyof Omit<ServerFlags, 'relaxedSecurity' | 'allowInsecure'> | 'allowInsecure'> = {
  '--address': 'address',
  '-a': 'address',
  '--port': 'port',
  '-p': 'port',
  '--base-path': 'basePath',
  '-pa': 'basePath',
  '--allow-insecure': 'allowInsecure',
  '--config': 'config',
  '--log-level': 'logLevel',
};

function takeValue(tokens: string[], i: number, option: string): string {
  const value = tokens[i + 1];
  if (value === undefined || (value.startsWith('-') && value.length > 1 && !/^-\d/.test(value))) {
    throw usage(`option ${option} needs a value`);
  }
  return value;
}

function parseServer(tokens: string[]): CliCommand {
  const flags: ServerFlags = { relaxedSecurity: false };
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i]!;
    const key = Object.hasOwn(SERVER_VALUE_OPTIONS, token) ? SERVER_VALUE_OPTIONS[token] : undefined;
    if (token === '--relaxed-security') {
      flags.relaxedSecurity = true;
    } else if (key === 'allowInsecure') {
      const items = takeValue(tokens, i++, token).split(',').map((s) => s.trim()).filter(Boolean);
      flags.allowInsecure = [...(flags.allowInsecure ?? []), ...items];
    } else if (
      key
    ) {
      flags[key] = takeValue(tokens, i++, token);
    } else
    {
      throw usage(`unrecognized argument: ${token}`);
    }
  }
  return { kind: 'server', flags };
}

interface ExtensionOptions {
  positionals: string[];
  json: boolean;
  installed: boolean;
  updates: boolean;
  source: InstallSource | undefined;
}

function parseExtensionOptions(tokens: string[]): ExtensionOptions {
  const options: ExtensionOptions = { positionals: [], json: false, installed: false, updates: false, source: undefined };
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i]!;
    if (token === '--json') options.json = true;
    else if (token === '--installed') options.installed = true;
    else if (token === '--updates') options.updates = true;
    else if (token === '--source') {
      const source = takeValue(tokens, i++, token);
      if (source !== 'local' && source !== 'npm') throw usage(`--source must be local or npm, got '${source}'`);
      options.source = source;
    } else if (
      token.startsWith('-')
    )
      throw usage(`unrecognized argument: ${token}`);
    else options.positionals.push(token);
  }
  return options;
}

function one(options: ExtensionOptions, what: string, command: string): string {
  const [value, ...rest] = options.positionals;
  if (value === undefined) throw usage(`${command} needs ${what}`);
  if (rest.length > 0) throw usage(`unrecognized argument(s): ${rest.join(' ')}`);
  return value;
}

function parseExtension(type: ExtensionType, tokens: string[]): CliCommand {
  const [action, ...rest] = tokens;
  const o = parseExtensionOptions(rest);
  const command = `${type} ${action ?? ''}`.trim();
  const none = () => {
    if (o.positionals.length > 0) throw usage(`unrecognized argument(s): ${o.positionals.join(' ')}`);
  };
  switch (action) {
    case 'install':
      return {
        kind: 'install', type, source: o.source,
        spec: one(o, `a ${type} to install (a path with --source=local)`, command),
        json: o.json,
      };
    case 'uninstall':
      return { kind: 'uninstall', type, name: one(o, `the name of an installed ${type}`, command), json: o.json };
    case 'list':
      none();
      return { kind: 'list', type, installed: o.installed, updates: o.updates, json: o.json };
    case 'doctor':
      if (type === 'plugin') throw usage('doctor is a driver command: driver doctor <name>');
      return {
        kind: 'doctor', type,
        name: one(o, 'the name of an installed driver', command),
      };
    default:
      throw usage(`unknown ${type} command '${action ?? ''}'; use install, uninstall, list${type === 'driver' ? ' or doctor' : ''}`);
  }
}

export function parseCliArgs(argv: readonly string[]): CliCommand {
  const tokens = tokenize(argv);
  if (
    tokens.includes('--help') ||
    tokens.includes('-h')
  ) return { kind: 'help' };
  if (
    tokens.includes('--version') ||
    tokens.includes('-v')
  ) return { kind: 'version' };
  const [first, ...rest] = tokens;
  if (first === 'driver' || first === 'plugin') return parseExtension(first, rest);
  if (first === 'setup') {
    if (rest.length === 1 && rest[0] === 'reset') return { kind: 'setup-reset' };
    throw usage(`unknown setup command '${rest.join(' ')}'; only 'setup reset' is offered`);
  }
  if (first === 'server') return parseServer(rest);
  if (first !== undefined && !first.startsWith('-')) throw usage(`unknown command '${first}'`);
  return parseServer(tokens);
}
