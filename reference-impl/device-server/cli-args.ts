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

// Stryker disable next-line ArrowFunction,StringLiteral: operational record: a usage error still ends the command with exit 1 (a thrown undefined is reported and exits 1 too); only the code (never printed) and the wording change
const usage = (message: string) => new CliError('VENDOR_ERR_USAGE', `${message}. Run with --help for usage.`);

/** Splits `--a=b` into `--a b`; keeps everything else. */
function tokenize(argv: readonly string[]): string[] {
  return argv.flatMap((arg) => {
    const at = arg.indexOf('=');
    // Stryker disable next-line EqualityOperator: equivalent, an argument that starts with '-' cannot hold '=' at index 0, so at >= 0 and at > 0 agree; shares its line with a detected one (at <= 0)
    return arg.startsWith('-') && at > 0 ? [arg.slice(0, at), arg.slice(at + 1)] : [arg];
  });
}

const SERVER_VALUE_OPTIONS: Record<string, keyof Omit<ServerFlags, 'relaxedSecurity' | 'allowInsecure'> | 'allowInsecure'> = {
  '--address': 'address',
  // Stryker disable next-line StringLiteral: not shown: the short alias -a (the spec and CONTRACTS §1 use --address)
  '-a': 'address',
  '--port': 'port',
  // Stryker disable next-line StringLiteral: not shown: the short alias -p (the spec and CONTRACTS §1 use --port)
  '-p': 'port',
  '--base-path': 'basePath',
  // Stryker disable next-line StringLiteral: not shown: the short alias -pa (the spec and CONTRACTS §1 use --base-path)
  '-pa': 'basePath',
  '--allow-insecure': 'allowInsecure',
  '--config': 'config',
  '--log-level': 'logLevel',
};

function takeValue(tokens: string[], i: number, option: string): string {
  const value = tokens[i + 1];
  // Stryker disable next-line ConditionalExpression,LogicalOperator,MethodExpression,EqualityOperator,BooleanLiteral,Regex,BlockStatement: not shown: an option given without a value or with a dash-led one (Command line lists only well-formed forms; Errors name no usage error); shares its line with detected ones (ConditionalExpression → true, EqualityOperator value !== undefined, LogicalOperator)
  if (value === undefined || (value.startsWith('-') && value.length > 1 && !/^-\d/.test(value))) {
    // Stryker disable next-line StringLiteral: operational record: wording of a usage message; the spec fixes no message (Errors name no usage error)
    throw usage(`option ${option} needs a value`);
  }
  return value;
}

function parseServer(tokens: string[]): CliCommand {
  // Stryker disable next-line ObjectLiteral: equivalent, an unset relaxedSecurity is falsy like false, and it is only ever tested for truth (server-options.ts, server.ts)
  const flags: ServerFlags = { relaxedSecurity: false };
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i]!;
    const key = Object.hasOwn(SERVER_VALUE_OPTIONS, token) ? SERVER_VALUE_OPTIONS[token] : undefined;
    // Stryker disable next-line ConditionalExpression,StringLiteral,BlockStatement: not shown: whether --relaxed-security starts a server (Insecure feature flags 4 and Authentication 2 tell operators not to use it; DS-SEC-02 is INFO); shares its line with detected ones (ConditionalExpression → true, EqualityOperator)
    if (token === '--relaxed-security') {
      // Stryker disable next-line BooleanLiteral: not shown: whether --relaxed-security starts a server (Insecure feature flags 4 and Authentication 2 tell operators not to use it; DS-SEC-02 is INFO)
      flags.relaxedSecurity = true;
    } else if (key === 'allowInsecure') {
      // Stryker disable next-line MethodExpression: equivalent, parseInsecureFeatures trims every item again (insecure-features.ts); shares its line with a detected one (the chain without filter, timeout)
      const items = takeValue(tokens, i++, token).split(',').map((s) => s.trim()).filter(Boolean);
      flags.allowInsecure = [...(flags.allowInsecure ?? []), ...items];
    } else if (
      // Stryker disable next-line ConditionalExpression: not shown: how an unknown server option is treated (the spec lists the offered options and states no refusal of others); with true it takes the next argument as its value; shares its line with a detected one (→ false)
      key
    ) {
      flags[key] = takeValue(tokens, i++, token);
    } else
    // Stryker disable next-line BlockStatement: not shown: how an unknown server option is treated (the spec lists the offered options and states no refusal of others)
    {
      // Stryker disable next-line StringLiteral: operational record: wording of a usage message; the spec fixes no message (Errors name no usage error)
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
  // Stryker disable next-line BooleanLiteral: not shown: what an extension command prints without --json, --installed or --updates (Command line states driver list --installed [--updates]; the form of the listing is open, DS-CLI-06 takes JSON or text)
  const options: ExtensionOptions = { positionals: [], json: false, installed: false, updates: false, source: undefined };
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i]!;
    if (token === '--json') options.json = true;
    else if (token === '--installed') options.installed = true;
    else if (token === '--updates') options.updates = true;
    else if (token === '--source') {
      const source = takeValue(tokens, i++, token);
      // Stryker disable next-line ConditionalExpression,EqualityOperator,StringLiteral: not shown: --source and its values (Command line states driver install <name> only; the harness uses --source=local); shares its line with detected ones (ConditionalExpression → true, EqualityOperator source === 'local', StringLiteral 'local')
      if (source !== 'local' && source !== 'npm') throw usage(`--source must be local or npm, got '${source}'`);
      options.source = source;
    } else if (
      // Stryker disable next-line ConditionalExpression,MethodExpression: not shown: how an unknown option of an extension command is treated (the spec lists the offered forms only); taken as an operand it is still refused by the operand count or the command; shares its line with a detected one (ConditionalExpression → true)
      token.startsWith('-')
    )
      // Stryker disable next-line StringLiteral: operational record: wording of a usage message; the spec fixes no message (Errors name no usage error)
      throw usage(`unrecognized argument: ${token}`);
    else options.positionals.push(token);
  }
  return options;
}

function one(options: ExtensionOptions, what: string, command: string): string {
  const [value, ...rest] = options.positionals;
  // Stryker disable next-line ConditionalExpression,StringLiteral: not shown: an extension command without its operand (the spec states the forms with <name>); shares its line with a detected one (ConditionalExpression → true)
  if (value === undefined) throw usage(`${command} needs ${what}`);
  // Stryker disable next-line ConditionalExpression,StringLiteral: not shown: operands beyond the one an extension command takes; shares its line with a detected one (ConditionalExpression → true)
  if (rest.length > 0) throw usage(`unrecognized argument(s): ${rest.join(' ')}`);
  return value;
}

function parseExtension(type: ExtensionType, tokens: string[]): CliCommand {
  const [action, ...rest] = tokens;
  const o = parseExtensionOptions(rest);
  // Stryker disable next-line MethodExpression,StringLiteral,LogicalOperator: operational record: command names the command only in usage messages
  const command = `${type} ${action ?? ''}`.trim();
  // Stryker disable next-line BlockStatement: not shown: operands given to a list command (the spec states driver|plugin list --installed [--updates] only)
  const none = () => {
    // Stryker disable next-line ConditionalExpression,StringLiteral: not shown: operands given to a list command (the spec states driver|plugin list --installed [--updates] only); shares its line with a detected one (ConditionalExpression → true)
    if (o.positionals.length > 0) throw usage(`unrecognized argument(s): ${o.positionals.join(' ')}`);
  };
  switch (action) {
    case 'install':
      return {
        kind: 'install', type, source: o.source,
        // Stryker disable next-line StringLiteral: operational record: wording of a usage message; the spec fixes no message (Errors name no usage error)
        spec: one(o, `a ${type} to install (a path with --source=local)`, command),
        json: o.json,
      };
    // Stryker disable next-line ConditionalExpression,StringLiteral: not shown: driver|plugin uninstall is not a command the spec states (Command line)
    case 'uninstall':
      // Stryker disable next-line ObjectLiteral,StringLiteral: not shown: driver|plugin uninstall is not a command the spec states (Command line)
      return { kind: 'uninstall', type, name: one(o, `the name of an installed ${type}`, command), json: o.json };
    case 'list':
      none();
      return { kind: 'list', type, installed: o.installed, updates: o.updates, json: o.json };
    case 'doctor':
      // Stryker disable next-line ConditionalExpression,StringLiteral: not shown: plugin doctor (the spec states doctor for drivers only: driver doctor <name>); shares its line with a detected one (ConditionalExpression → true)
      if (type === 'plugin') throw usage('doctor is a driver command: driver doctor <name>');
      return {
        kind: 'doctor', type,
        // Stryker disable next-line StringLiteral: operational record: wording of a usage message; the spec fixes no message (Errors name no usage error)
        name: one(o, 'the name of an installed driver', command),
      };
    // Stryker disable next-line ConditionalExpression: operational record: an unknown driver|plugin subcommand still ends with exit 1, only the message differs (a TypeError in place of the usage text)
    default:
      // Stryker disable next-line StringLiteral,LogicalOperator,ConditionalExpression,EqualityOperator: operational record: wording of a usage message; the spec fixes no message (Errors name no usage error)
      throw usage(`unknown ${type} command '${action ?? ''}'; use install, uninstall, list${type === 'driver' ? ' or doctor' : ''}`);
  }
}

export function parseCliArgs(argv: readonly string[]): CliCommand {
  const tokens = tokenize(argv);
  if (
    tokens.includes('--help') ||
    // Stryker disable next-line StringLiteral: not shown: the short alias -h (the spec states --help)
    tokens.includes('-h')
  ) return { kind: 'help' };
  if (
    tokens.includes('--version') ||
    // Stryker disable next-line StringLiteral: not shown: the short alias -v (the spec states --version)
    tokens.includes('-v')
  ) return { kind: 'version' };
  const [first, ...rest] = tokens;
  if (first === 'driver' || first === 'plugin') return parseExtension(first, rest);
  if (first === 'setup') {
    // Stryker disable next-line ConditionalExpression,LogicalOperator: not shown: setup commands other than setup reset (the spec states setup reset only); shares its line with a detected one (ConditionalExpression → false)
    if (rest.length === 1 && rest[0] === 'reset') return { kind: 'setup-reset' };
    // Stryker disable next-line StringLiteral: operational record: wording of a usage message; the spec fixes no message (Errors name no usage error)
    throw usage(`unknown setup command '${rest.join(' ')}'; only 'setup reset' is offered`);
  }
  // Stryker disable next-line ConditionalExpression,StringLiteral: not shown: a server subcommand (the spec and CONTRACTS §1 start the server with options only); shares its line with a detected one (ConditionalExpression → true)
  if (first === 'server') return parseServer(rest);
  // Stryker disable next-line StringLiteral,ConditionalExpression,EqualityOperator: equivalent, a first argument that is not an option is then refused by parseServer as an unrecognized argument (exit 1), and every start the checks make passes options first; only the message differs; → true of the first half alone differs only with no argument at all (a TypeError instead of a start on the defaults), which no check makes; shares its line with a detected one (ConditionalExpression → true of the whole test, killed by DS-CLI-06)
  if (first !== undefined && !first.startsWith('-')) throw usage(`unknown command '${first}'`);
  return parseServer(tokens);
}
