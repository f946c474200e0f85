// Server options: defaults < config file < command-line flags, validated, frozen.
import type { ServerFlags } from './cli-args.ts';
import { CliError } from './cli-errors.ts';
import { loadConfigFile, type ServerSettings } from './config-file.ts';
import type { DeviceServerFaults } from './faults.ts';
import { expandFeatureFiles, KNOWN_FEATURES, parseInsecureFeatures, type ScopedFeature } from './insecure-features.ts';
import { isLogLevel, LOG_LEVELS, type LogLevel } from './text-logger.ts';

export const DEFAULT_PORT = 4723;
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
  const trimmed = raw.trim();
  if (/[\s?#%\\]/.test(trimmed)) {
    throw new CliError('VENDOR_ERR_USAGE', `base path '${raw}' is invalid: use a URL path such as /wd/hub`);
  }
  const withSlash = trimmed.startsWith('/') ? trimmed : `/${trimmed}`;
  return withSlash.replace(/\/+$/, '');
}

function parsePort(raw: string): number {
  if (!/^\d+$/.test(raw) || Number(raw) > 65535) {
    throw new CliError('VENDOR_ERR_USAGE', `--port must be an integer 0-65535, got '${raw}'`);
  }
  return Number(raw);
}

function refuseRelaxedSecurity(faults: DeviceServerFaults): boolean {
  if (faults.has('relaxed-security-accepted')) return true;
  throw new CliError(
    'VENDOR_ERR_INSECURE_FEATURE',
    '--relaxed-security is not offered by this server: it would enable every insecure feature at once. ' +
      "Enable single features with a scoped flag instead, e.g. --allow-insecure=simandroid:adb_shell or --allow-insecure='*:session_discovery'.",
  );
}

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

export function resolveServerOptions(flags: ServerFlags, faults: DeviceServerFaults): ServerOptions {
  const file: ServerSettings = flags.config ? loadConfigFile(flags.config, faults.has('config-unknown-keys-ignored')) : {};
  if (faults.has('config-overrides-cli')) flags = { ...flags, ...definedOf(file) };
  const logLevel = flags.logLevel ?? file.logLevel ?? 'info';
  if (!isLogLevel(logLevel)) {
    throw new CliError('VENDOR_ERR_USAGE', `--log-level must be one of ${LOG_LEVELS.join(', ')}, got '${logLevel}'`);
  }
  const relaxedSecurity = flags.relaxedSecurity && refuseRelaxedSecurity(faults);
  // The flag's values (a list file among them is read) replace the config file's items.
  const given = flags.allowInsecure ? expandFeatureFiles(flags.allowInsecure) : { direct: [], fromFiles: file.allowInsecure ?? [] };
  const acceptUnscoped = faults.has('unscoped-feature-accepted');
  const acceptEmpty = faults.has('empty-feature-accepted');
  // Fault unscoped-feature-ignored: unscoped items are dropped instead of refused.
  const ignored = faults.has('unscoped-feature-ignored') ? [...given.direct, ...given.fromFiles].filter((item) => item.trim().indexOf(':') <= 0) : [];
  const kept = (items: readonly string[]) => items.filter((item) => !ignored.includes(item));
  // Fault unscoped-feature-from-file-accepted: items read from a file skip the scope check.
  const allowInsecure = [
    ...parseInsecureFeatures(kept(given.direct), acceptUnscoped, acceptEmpty),
    ...parseInsecureFeatures(kept(given.fromFiles), acceptUnscoped || faults.has('unscoped-feature-from-file-accepted'), acceptEmpty),
  ];
  const everyFeature = KNOWN_FEATURES.map((feature) => ({ scope: '*', feature }));
  // Fault config-address-ignored: the file's server.address is read, then never used.
  const fileAddress = faults.has('config-address-ignored') ? undefined : file.address;
  const address = flags.address ?? fileAddress ?? (faults.has('bind-all-interfaces') ? '0.0.0.0' : DEFAULT_ADDRESS);
  if (address.trim() === '') throw new CliError('VENDOR_ERR_USAGE', '--address must not be empty');
  return Object.freeze({
    address,
    // Fault default-port-not-4723: the default is the next port.
    port: flags.port !== undefined ? parsePort(flags.port) : (file.port ?? (faults.has('default-port-not-4723') ? DEFAULT_PORT + 1 : DEFAULT_PORT)),
    basePath: normalizeBasePath(flags.basePath ?? file.basePath ?? '/'),
    allowInsecure: Object.freeze(relaxedSecurity ? [...allowInsecure, ...everyFeature] : allowInsecure),
    logLevel,
    relaxedSecurity,
    configFile: flags.config,
    ...(ignored.length > 0 ? { ignoredInsecure: Object.freeze(ignored) } : {}),
  });
}
