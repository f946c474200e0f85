// The one place where `wirecheck run` options and the environment are read and
// validated: every problem is listed at once, then the configuration is frozen.
import { randomBytes, randomInt } from 'node:crypto';
import { isAbsolute, join, resolve } from 'node:path';
import { SYSTEMS, type SystemName } from '../checks/check-definition.ts';
import { parseIdPatterns } from '../checks/id-pattern.ts';
import { OptionsError } from '../errors.ts';
import type { RunOptions } from './run-options.ts';
import type { TargetKind } from './target-info.ts';
import { splitCommand } from './split-command.ts';

export interface DeviceServerOptions {
  readonly vendor: string;
  readonly platformName?: string;
  readonly automationName?: string;
  readonly deviceName?: string;
  readonly app?: string;
  readonly driverName?: string;
  readonly sessionDiscovery: boolean;
  readonly serverCommand?: readonly string[];
  readonly homeEnv?: string;
}

export interface RunConfig {
  readonly runId: string;
  readonly systems: readonly SystemName[];
  readonly target: TargetKind;
  readonly baseUrl?: string;
  readonly reportDir: string;
  readonly probe: boolean;
  readonly only?: { readonly spec: string; readonly patterns: readonly RegExp[] };
  readonly seed: number;
  readonly strict: boolean;
  readonly webhook: { readonly secret: string; readonly secretFromEnv: boolean };
  readonly resourceApi: { readonly token?: string; readonly userId?: string; readonly otherUserId?: string };
  readonly deviceServer: DeviceServerOptions;
  readonly referenceFaults: readonly string[];
  /** PostgreSQL for the reference (multi-instance checks); from --database-url or DATABASE_URL. */
  readonly databaseUrl?: string;
  /** The command line that reproduces this run, secrets as placeholders, without --only. */
  readonly reproduce: string;
}

export const TARGET_KINDS = ['reference', 'external', 'docker'] as const;
const MAX_SEED = 2 ** 31 - 1;

export function newRunId(now = new Date()): string {
  return `${now.toISOString().replace(/[:.]/g, '-')}-${randomBytes(2).toString('hex')}`;
}

function systemsOf(system: string | undefined, problems: string[]): SystemName[] {
  if (system === undefined) {
    problems.push(`missing <system>: one of ${[...SYSTEMS, 'all'].join(', ')} (e.g. \`wirecheck run webhook\`)`);
    return [];
  }
  if (system === 'all') return [...SYSTEMS];
  if ((SYSTEMS as readonly string[]).includes(system)) return [system as SystemName];
  problems.push(`unknown system "${system}": use one of ${[...SYSTEMS, 'all'].join(', ')}`);
  return [];
}

function targetOf(options: RunOptions, problems: string[]): TargetKind {
  const target = options.target ?? 'reference';
  if (target === 'docker') {
    problems.push('--target docker needs a Docker engine, and this build of wirecheck starts containers only where one runs; use --target reference, or --target external with a deployment you started');
    return 'reference';
  }
  if (target !== 'reference' && target !== 'external') {
    problems.push(`--target "${target}" is not a target kind: use reference (default) or external`);
    return 'reference';
  }
  return target;
}

function baseUrlOf(options: RunOptions, target: TargetKind, problems: string[]): string | undefined {
  if (target === 'reference') {
    if (options.baseUrl !== undefined) problems.push('--base-url is for --target external; the reference target starts its own server on a free port');
    return undefined;
  }
  if (options.baseUrl === undefined) {
    problems.push('--target external needs --base-url URL (the service root, e.g. http://127.0.0.1:3000)');
    return undefined;
  }
  try {
    const url = new URL(options.baseUrl);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error('not http(s)');
    if (!url.pathname.endsWith('/')) url.pathname += '/';
    return url.toString();
  } catch {
    problems.push(`--base-url "${options.baseUrl}" is not an http:// or https:// URL`);
    return undefined;
  }
}

function seedOf(options: RunOptions, problems: string[]): number {
  if (options.seed === undefined) return randomInt(0, MAX_SEED);
  const seed = Number(options.seed);
  if (!/^\d+$/.test(options.seed) || seed > MAX_SEED) {
    problems.push(`--seed "${options.seed}" must be an integer from 0 to ${MAX_SEED}`);
    return 0;
  }
  return seed;
}

function onlyOf(options: RunOptions, problems: string[]): RunConfig['only'] {
  if (options.only === undefined) return undefined;
  const patterns = parseIdPatterns(options.only);
  if (patterns.length === 0) problems.push('--only needs a check-id glob, e.g. --only "WH-SIG-*" (several: comma-separated)');
  return { spec: options.only, patterns };
}

export function resolveRunConfig(options: RunOptions, env: NodeJS.ProcessEnv, cwd: string): RunConfig {
  const problems: string[] = [];
  const systems = systemsOf(options.system, problems);
  const target = targetOf(options, problems);
  const baseUrl = baseUrlOf(options, target, problems);
  const has = (s: SystemName) => systems.includes(s);
  const external = target === 'external';

  const envSecret = env['WEBHOOK_SECRET'] || undefined;
  const secret = options.secret ?? envSecret;
  if (external && has('webhook') && !secret) problems.push('webhook: --target external needs the receiver\'s shared secret: --secret S or env WEBHOOK_SECRET');
  if (options.secret !== undefined && options.secret.length === 0) problems.push('--secret must not be empty');

  const { token, userId, otherUserId } = options;
  if (external && has('resource-api')) {
    for (const [flag, value] of [['--token', token], ['--user-id', userId], ['--other-user-id', otherUserId]] as const) {
      if (!value) problems.push(`resource-api: --target external needs ${flag}`);
    }
  }
  if (userId && otherUserId && userId === otherUserId) problems.push('--other-user-id must differ from --user-id: it names a user the token may NOT act for');

  const deviceServer = deviceServerOf(options, external && has('device-server'), problems);
  const referenceFaults = (options.referenceFault ?? '').split(',').map((s) => s.trim()).filter(Boolean);
  if (referenceFaults.length > 0 && (target !== 'reference' || systems.length !== 1)) {
    problems.push('--reference-fault is for the self-test: it needs --target reference and a single system');
  }
  const databaseUrl = options.databaseUrl ?? (env['DATABASE_URL'] || undefined);
  if (databaseUrl && !/^postgres(ql)?:\/\//.test(databaseUrl)) problems.push(`--database-url / DATABASE_URL "${redactUrl(databaseUrl)}" is not a postgres:// URL`);

  const seed = seedOf(options, problems);
  const only = onlyOf(options, problems);
  if (problems.length > 0) throw new OptionsError(problems, 'wirecheck run --help');

  const runId = newRunId();
  const reportDir = options.reportDir ? resolve(cwd, options.reportDir) : join(cwd, 'reports', runId);
  const config: RunConfig = {
    runId, systems, target, ...(baseUrl ? { baseUrl } : {}), reportDir,
    probe: options.probe === true || target === 'reference',
    ...(only ? { only } : {}),
    seed, strict: options.strict === true,
    webhook: { secret: secret ?? randomBytes(24).toString('hex'), secretFromEnv: options.secret === undefined && envSecret !== undefined },
    resourceApi: { ...(token ? { token } : {}), ...(userId ? { userId } : {}), ...(otherUserId ? { otherUserId } : {}) },
    deviceServer, referenceFaults,
    ...(databaseUrl ? { databaseUrl } : {}),
    reproduce: '',
  };
  return Object.freeze({ ...config, reproduce: reproduceCommand(options, config) });
}

function deviceServerOf(options: RunOptions, requireSession: boolean, problems: string[]): DeviceServerOptions {
  if (requireSession) {
    if (!options.platformName) problems.push('device-server: --target external needs --platform-name P (a platform the target can create a session for)');
    if (!options.automationName) problems.push('device-server: --target external needs --automation-name A (an installed driver)');
  }
  if (options.app !== undefined && !isAbsolute(options.app)) problems.push(`--app "${options.app}" must be an absolute path (the spec requires vendor:app to be absolute)`);
  if (options.vendor !== undefined && !/^[a-z][a-z0-9-]*$/i.test(options.vendor)) problems.push(`--vendor "${options.vendor}" must be a plain name such as appium`);
  let serverCommand: string[] | undefined;
  if (options.serverCmd !== undefined) {
    try {
      serverCommand = splitCommand(options.serverCmd);
      if (serverCommand.length === 0) problems.push('--server-cmd is empty: give the command that runs the server CLI, e.g. "npx appium"');
    } catch (error) {
      problems.push(`--server-cmd: ${(error as Error).message}`);
    }
  }
  return {
    vendor: options.vendor ?? 'vendor',
    ...(options.platformName ? { platformName: options.platformName } : {}),
    ...(options.automationName ? { automationName: options.automationName } : {}),
    ...(options.deviceName ? { deviceName: options.deviceName } : {}),
    ...(options.app ? { app: options.app } : {}),
    ...(options.driverName ? { driverName: options.driverName } : {}),
    sessionDiscovery: options.sessionDiscovery === true,
    ...(serverCommand ? { serverCommand } : {}),
    ...(options.homeEnv ? { homeEnv: options.homeEnv } : {}),
  };
}

export function redactUrl(url: string): string {
  return url.replace(/\/\/([^/@]*)@/, '//[REDACTED]@');
}

function quote(value: string): string {
  return /^[\w@%+=:,./-]+$/.test(value) ? value : `'${value.replace(/'/g, `'\\''`)}'`;
}

/** `npx wirecheck run ...` for this run: secrets become placeholders, the seed is fixed. */
function reproduceCommand(options: RunOptions, config: RunConfig): string {
  const args = ['npx', 'wirecheck', 'run', options.system ?? ''];
  const add = (flag: string, value: string | undefined) => { if (value !== undefined) args.push(flag, quote(value)); };
  if (config.target === 'external') add('--target', 'external');
  add('--base-url', options.baseUrl);
  if (options.probe) args.push('--probe');
  if (options.strict) args.push('--strict');
  add('--seed', String(config.seed));
  if (config.target === 'external' && options.secret !== undefined) args.push('--secret', '"$WEBHOOK_SECRET"');
  if (options.token !== undefined) args.push('--token', '"$TOKEN"');
  add('--user-id', options.userId);
  add('--other-user-id', options.otherUserId);
  add('--vendor', options.vendor);
  add('--platform-name', options.platformName);
  add('--automation-name', options.automationName);
  add('--device-name', options.deviceName);
  add('--app', options.app);
  add('--driver-name', options.driverName);
  if (options.sessionDiscovery) args.push('--session-discovery');
  add('--server-cmd', options.serverCmd);
  add('--home-env', options.homeEnv);
  add('--reference-fault', options.referenceFault);
  return args.join(' ');
}
