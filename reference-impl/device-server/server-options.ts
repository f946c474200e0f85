// Server options: defaults < config file < command-line flags, validated, frozen.
import type { ServerFlags } from './cli-args.ts';
import { CliError } from './cli-errors.ts';
import { loadConfigFile, type ServerSettings } from './config-file.ts';
import type { DeviceServerFaults } from './faults.ts';
import { expandFeatureFiles, KNOWN_FEATURES, parseInsecureFeatures, type ScopedFeature } from './insecure-features.ts';
import { isLogLevel, LOG_LEVELS, type LogLevel } from './text-logger.ts';

export const DEFAULT_PORT = 4723;
// Stryker disable next-line StringLiteral: not shown: the default listening address (the spec states none; Authentication 2 makes a trusted interface an operator control, DS-SEC-01 is INFO; CONTRACTS §1 always passes --address)
export const DEFAULT_ADDRESS = '127.0.0.1';

export interface ServerOptions {
  readonly address: string;
  readonly port: number;
  /** '' for `/`, otherwise '/wd/hub' (leading slash, no trailing slash). */
  readonly basePath: string;
  readonly allowInsecure: readonly ScopedFeature[];
  readonly logLevel: LogLevel;
  readonly relaxedSecurity: boolean;
  readonly configFile: string | undefined;
  /** Fault unscoped-feature-ignored: the unscoped items dropped (warned about at start-up) instead of refused. */
  readonly ignoredInsecure?: readonly string[];
}

export function normalizeBasePath(raw: string): string {
  // Stryker disable next-line MethodExpression: not shown: a base path with surrounding blanks (Endpoints give /wd/hub as the example; CONTRACTS §1 passes --base-path=P)
  const trimmed = raw.trim();
  // Stryker disable next-line ConditionalExpression,BlockStatement: not shown: which characters a base path may hold (Endpoints give /wd/hub as the example); shares its line with a detected one (ConditionalExpression → true)
  if (/[\s?#%\\]/.test(trimmed)) {
    // Stryker disable next-line StringLiteral: operational record: code and wording of a usage message; the spec fixes no message
    throw new CliError('VENDOR_ERR_USAGE', `base path '${raw}' is invalid: use a URL path such as /wd/hub`);
  }
  // Stryker disable next-line StringLiteral: not shown: a base path given without its leading slash (the example /wd/hub and CONTRACTS §1 carry it)
  const withSlash = trimmed.startsWith('/') ? trimmed : `/${trimmed}`;
  // Stryker disable next-line Regex: not shown: a base path ending in several slashes; shares its line with a detected one (the pattern without its end anchor)
  return withSlash.replace(/\/+$/, '');
}

function parsePort(raw: string): number {
  // Stryker disable next-line ConditionalExpression,LogicalOperator,Regex,EqualityOperator,BlockStatement: not shown: which --port values a server accepts or refuses (the spec states only the default 4723, Limits); shares its line with detected ones (ConditionalExpression → true, Regex /^\d$/ and /^\D+$/, EqualityOperator <=)
  if (!/^\d+$/.test(raw) || Number(raw) > 65535) {
    // Stryker disable next-line StringLiteral: operational record: code and wording of a usage message; the spec fixes no message
    throw new CliError('VENDOR_ERR_USAGE', `--port must be an integer 0-65535, got '${raw}'`);
  }
  return Number(raw);
}

// Stryker disable next-line BlockStatement: not shown: whether and how --relaxed-security is refused (Insecure feature flags 4 and Authentication 2 tell operators not to use it; DS-SEC-02 is INFO)
function refuseRelaxedSecurity(faults: DeviceServerFaults): boolean {
  if (faults.has('relaxed-security-accepted')) return true;
  throw new CliError(
    // Stryker disable next-line StringLiteral: operational record: code (never printed) and wording of the refusal; not shown: whether and how --relaxed-security is refused (Insecure feature flags 4 and Authentication 2 tell operators not to use it; DS-SEC-02 is INFO)
    'VENDOR_ERR_INSECURE_FEATURE',
    // Stryker disable next-line StringLiteral: operational record: wording of the refusal; not shown: whether and how --relaxed-security is refused (Insecure feature flags 4 and Authentication 2 tell operators not to use it; DS-SEC-02 is INFO)
    '--relaxed-security is not offered by this server: it would enable every insecure feature at once. ' +
      // Stryker disable next-line StringLiteral: operational record: wording of the refusal; not shown: whether and how --relaxed-security is refused (Insecure feature flags 4 and Authentication 2 tell operators not to use it; DS-SEC-02 is INFO)
      "Enable single features with a scoped flag instead, e.g. --allow-insecure=simandroid:adb_shell or --allow-insecure='*:session_discovery'.",
  );
}

// Stryker disable all: fault switch only, definedOf is called only while config-overrides-cli is on (resolveServerOptions)
/** For fault `config-overrides-cli`: the file's values in the shape of flags. */
function definedOf(file: ServerSettings): Partial<ServerFlags> {
  const flags: Partial<ServerFlags> = {};
  if (file.address !== undefined) flags.address = file.address;
  if (file.port !== undefined) flags.port = String(file.port);
  if (file.basePath !== undefined) flags.basePath = file.basePath;
  if (file.logLevel !== undefined) flags.logLevel = file.logLevel;
  if (file.allowInsecure !== undefined) flags.allowInsecure = file.allowInsecure;
  return flags;
}

// Stryker restore all
export function resolveServerOptions(flags: ServerFlags, faults: DeviceServerFaults): ServerOptions {
  const file: ServerSettings = flags.config ? loadConfigFile(flags.config, faults.has('config-unknown-keys-ignored')) : {};
  if (faults.has('config-overrides-cli')) flags = { ...flags, ...definedOf(file) };
  // Stryker disable next-line LogicalOperator: not shown: what a log level other than info shows (Server config file: server.log-level says only that info is used; log content is not stated), so whether a given level takes effect, or which of two wins, cannot be seen; shares its line with a detected one ((…) && 'info')
  const logLevel = flags.logLevel ?? file.logLevel ?? 'info';
  // Stryker disable next-line ConditionalExpression,BlockStatement: not shown: the set of log levels (the spec names only info); shares its line with a detected one (ConditionalExpression → true)
  if (!isLogLevel(logLevel)) {
    // Stryker disable next-line StringLiteral: operational record: code and wording of a usage message; the spec fixes no message
    throw new CliError('VENDOR_ERR_USAGE', `--log-level must be one of ${LOG_LEVELS.join(', ')}, got '${logLevel}'`);
  }
  // Stryker disable next-line ConditionalExpression: not shown: whether and how --relaxed-security is refused (Insecure feature flags 4 and Authentication 2 tell operators not to use it; DS-SEC-02 is INFO); shares its line with a detected one (→ true, killed by DS-DISC-03)
  const relaxedSecurity = flags.relaxedSecurity && refuseRelaxedSecurity(faults);
  // The flag's values (a list file among them is read) replace the config file's items.
  const given = flags.allowInsecure ? expandFeatureFiles(flags.allowInsecure) : { direct: [], fromFiles: file.allowInsecure ?? [] };
  const acceptUnscoped = faults.has('unscoped-feature-accepted');
  const acceptEmpty = faults.has('empty-feature-accepted');
  // Fault unscoped-feature-ignored: unscoped items are dropped instead of refused.
  // Stryker disable next-line all: fault switch only, items are dropped only with unscoped-feature-ignored; with it off, the [] of the other branch filled (['Stryker was here']) drops nothing given and only adds a start-up warning naming that item (an operational record)
  const ignored = faults.has('unscoped-feature-ignored') ? [...given.direct, ...given.fromFiles].filter((item) => item.trim().indexOf(':') <= 0) : [];
  const kept = (items: readonly string[]) => items.filter((item) => !ignored.includes(item));
  // Fault unscoped-feature-from-file-accepted: items read from a file skip the scope check.
  const allowInsecure = [
    ...parseInsecureFeatures(kept(given.direct), acceptUnscoped, acceptEmpty),
    ...parseInsecureFeatures(kept(given.fromFiles), acceptUnscoped || faults.has('unscoped-feature-from-file-accepted'), acceptEmpty),
  ];
  // Stryker disable next-line ArrowFunction,ObjectLiteral,StringLiteral: fault switch only, everyFeature is used only while relaxed security is on, which needs relaxed-security-accepted
  const everyFeature = KNOWN_FEATURES.map((feature) => ({ scope: '*', feature }));
  // Fault config-address-ignored: the file's server.address is read, then never used.
  const fileAddress = faults.has('config-address-ignored') ? undefined : file.address;
  const address = flags.address ?? fileAddress ?? (faults.has('bind-all-interfaces') ? '0.0.0.0' : DEFAULT_ADDRESS);
  // Stryker disable next-line ConditionalExpression,MethodExpression,StringLiteral: not shown: an empty or blank --address (the spec gives no such value; the config file refuses a blank server.address earlier); shares its line with a detected one (ConditionalExpression → true)
  if (address.trim() === '') throw new CliError('VENDOR_ERR_USAGE', '--address must not be empty');
  return Object.freeze({
    address,
    port: flags.port !== undefined ? parsePort(flags.port) : (file.port ?? DEFAULT_PORT),
    // Stryker disable next-line StringLiteral: equivalent, normalizeBasePath gives '' for both '' and '/'
    basePath: normalizeBasePath(flags.basePath ?? file.basePath ?? '/'),
    // Stryker disable next-line ArrayDeclaration: fault switch only, relaxed security is on only with relaxed-security-accepted
    allowInsecure: Object.freeze(relaxedSecurity ? [...allowInsecure, ...everyFeature] : allowInsecure),
    logLevel,
    relaxedSecurity,
    configFile: flags.config,
    // Stryker disable next-line all: fault switch only, ignored is empty without unscoped-feature-ignored
    ...(ignored.length > 0 ? { ignoredInsecure: Object.freeze(ignored) } : {}),
  });
}
