// The one place where `wirecheck run` options and the environment are read and
// validated: every problem is listed at once, then the configuration is frozen.
import { randomBytes, randomInt } from 'node:crypto';
import { isAbsolute, join, resolve } from 'node:path';
import { SYSTEMS, type SystemName } from '../checks/check-definition.ts';
import { parseIdPatterns } from '../checks/id-pattern.ts';
import { OptionsError } from '../errors.ts';
import type { RunOptions } from './run-options.ts';
import { DEFAULT_WORK_TIMEOUT_MS, type TargetKind } from './target-info.ts';
import { splitCommand } from './split-command.ts';
import { isSenderFaultName, SENDER_FAULTS } from '../webhook/sender/sender-faults.ts';
import { evidenceConfigOf, type EvidenceConfig } from '../evidence/evidence-options.ts';
import { DEFAULT_MAX_RESPONSE_BYTES, isResponseBudget, MAX_RESPONSE_BYTES_LIMIT } from '../http/response-budget.ts';

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

/** --repeat, --baseline, --bundle and --sign-key: see harness/evidence/evidence-options.ts. */
export interface RunConfig extends EvidenceConfig {
  readonly runId: string;
  readonly systems: readonly SystemName[];
  readonly target: TargetKind;
  /** The first --base-url (external targets). */
  readonly baseUrl?: string;
  /** Every --base-url: instances of one deployment on one store (the webhook's races run across them). */
  readonly baseUrls: readonly string[];
  readonly reportDir: string;
  readonly probe: boolean;
  readonly only?: { readonly spec: string; readonly patterns: readonly RegExp[] };
  readonly seed: number;
  readonly strict: boolean;
  /** How long an accepted event's business work may show no progress before it counts as stuck (--work-timeout). */
  readonly workTimeoutMs: number;
  /** Bytes one answer of a target may take before the check fails and the connection is dropped (--max-response-bytes). */
  readonly maxResponseBytes: number;
  readonly webhook: {
    readonly secret: string;
    readonly secretFromEnv: boolean;
    /** --version-field: where the receiver under test reads an event's version (external targets). */
    readonly versionField?: string;
  };
  readonly resourceApi: {
    readonly token?: string;
    readonly userId?: string;
    readonly otherUserId?: string;
    /** --other-token: a token of --other-user-id, so the cross-user checks can read that user's state. */
    readonly otherToken?: string;
  };
  readonly deviceServer: DeviceServerOptions;
  readonly referenceFaults: readonly string[];
  /** The `sender-` names of --reference-fault: bugs of the bundled sender, for the WH-SEND suites only. */
  readonly senderFaults: readonly string[];
  /** PostgreSQL for the reference (multi-instance checks); from --database-url or DATABASE_URL. */
  readonly databaseUrl?: string;
  /**
   * --target docker: the bundled reference, run in containers. `target` is then
   * 'reference' (what it is, and what summary.json reports: CONTRACTS §3 has two kinds).
   */
  readonly docker?: { readonly image?: string };
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
  // docker runs the reference, in containers: see RunConfig.docker and dockerOf().
  if (target === 'docker') return 'reference';
  if (target !== 'reference' && target !== 'external') {
    problems.push(`--target "${target}" is not a target kind: use reference (default), external or docker`);
    return 'reference';
  }
  return target;
}

// Loose on purpose: the engine has the last word on names; this catches typos and flags.
const IMAGE_REFERENCE = /^[a-z0-9][\w./:-]*(@sha256:[a-f0-9]{64})?$/i;

/** --target docker and its options. The engine itself is looked for when the run starts. */
function dockerOf(options: RunOptions, problems: string[]): RunConfig['docker'] {
  if (options.target !== 'docker') {
    if (options.image !== undefined) problems.push('--image is for --target docker: the image the reference containers run');
    return undefined;
  }
  if (options.databaseUrl !== undefined) problems.push('--database-url is for --target reference: --target docker starts its own PostgreSQL container');
  if (options.image !== undefined && !IMAGE_REFERENCE.test(options.image)) {
    problems.push(`--image "${options.image}" is not an image reference: e.g. wirecheck-reference:local or ghcr.io/acme/wirecheck-reference:1.2.3`);
  }
  return options.image !== undefined ? { image: options.image } : {};
}

/** A base URL that already names a system's own path: the right form, when it is one. */
const SYSTEM_PATHS: ReadonlyArray<readonly [SystemName, RegExp, string]> = [
  ['webhook', /\/webhooks\/payments\/?$/, 'the delivery path'],
  ['resource-api', /\/v1\/?$/, 'the API version prefix'],
];

function listOf(value: string | readonly string[] | undefined): string[] {
  return value === undefined ? [] : typeof value === 'string' ? [value] : [...value];
}

function baseUrlsOf(options: RunOptions, target: TargetKind, systems: readonly SystemName[], problems: string[]): string[] {
  const given = listOf(options.baseUrl);
  if (target === 'reference') {
    if (given.length > 0) problems.push('--base-url is for --target external; the reference target starts its own server on a free port');
    return [];
  }
  if (given.length === 0) {
    problems.push('--target external needs --base-url URL (the service root, e.g. http://127.0.0.1:3000)');
    return [];
  }
  if (given.length > 1 && systems.some((s) => s !== 'webhook')) {
    problems.push('--base-url given more than once names the instances of one webhook receiver (its duplicate races run across them): only `wirecheck run webhook` takes several');
  }
  return given.flatMap((raw) => {
    const url = httpUrl(raw);
    if (!url) {
      problems.push(`--base-url "${raw}" is not an http:// or https:// URL${/^[\w.-]+:\d+/.test(raw) ? `: did you mean http://${raw}?` : ''}`);
      return [];
    }
    for (const [system, path, what] of SYSTEM_PATHS) {
      if (!systems.includes(system) || !path.test(url.pathname)) continue;
      const root = new URL(url.href.replace(path, '/'));
      problems.push(`--base-url "${raw}" ends in ${what}: give the service root, ${root.href} (wirecheck adds ${system === 'webhook' ? 'webhooks/payments' : 'v1/...'} itself)`);
    }
    return [url.toString()];
  });
}

function httpUrl(raw: string): URL | undefined {
  try {
    const url = new URL(raw);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined;
    if (!url.pathname.endsWith('/')) url.pathname += '/';
    return url;
  } catch {
    return undefined;
  }
}

function workTimeoutOf(options: RunOptions, problems: string[]): number {
  if (options.workTimeout === undefined) return DEFAULT_WORK_TIMEOUT_MS;
  const seconds = Number(options.workTimeout);
  if (!/^\d+(\.\d+)?$/.test(options.workTimeout) || seconds <= 0 || seconds > 3600) {
    problems.push(`--work-timeout "${options.workTimeout}" must be a number of seconds above 0 and at most 3600 (default ${DEFAULT_WORK_TIMEOUT_MS / 1000})`);
    return DEFAULT_WORK_TIMEOUT_MS;
  }
  return Math.round(seconds * 1000);
}

function maxResponseBytesOf(options: RunOptions, problems: string[]): number {
  if (options.maxResponseBytes === undefined) return DEFAULT_MAX_RESPONSE_BYTES;
  const bytes = Number(options.maxResponseBytes);
  if (!/^\d+$/.test(options.maxResponseBytes) || !isResponseBudget(bytes)) {
    problems.push(`--max-response-bytes "${options.maxResponseBytes}" must be a whole number of bytes from 1 to ${MAX_RESPONSE_BYTES_LIMIT} (default ${DEFAULT_MAX_RESPONSE_BYTES}, 4 MiB)`);
    return DEFAULT_MAX_RESPONSE_BYTES;
  }
  return bytes;
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
  const spec = listOf(options.only).join(',');
  const patterns = parseIdPatterns(spec);
  if (patterns.length === 0) problems.push('--only needs a check-id glob, e.g. --only "WH-SIG-*" (several: comma-separated)');
  return { spec, patterns };
}

export function resolveRunConfig(options: RunOptions, env: NodeJS.ProcessEnv, cwd: string): RunConfig {
  const problems: string[] = [];
  const systems = systemsOf(options.system, problems);
  const target = targetOf(options, problems);
  const baseUrls = baseUrlsOf(options, target, systems, problems);
  const has = (s: SystemName) => systems.includes(s);
  const external = target === 'external';
  const docker = dockerOf(options, problems);

  const envSecret = env['WEBHOOK_SECRET'] || undefined;
  const secret = options.secret ?? envSecret;
  if (external && has('webhook') && !secret) problems.push('webhook: --target external needs the receiver\'s shared secret: --secret S or env WEBHOOK_SECRET');
  if (options.secret !== undefined && options.secret.length === 0) problems.push('--secret must not be empty');
  const { versionField } = options;
  if (versionField !== undefined && !/^[A-Za-z_$][\w$]*(\.[A-Za-z_$][\w$]*)*$/.test(versionField)) {
    problems.push(`--version-field "${versionField}" must be a dotted path into the event, e.g. data.version`);
  }
  if (versionField !== undefined && !external) problems.push('--version-field is for --target external: the reference reads data.version');

  const { token, userId, otherUserId } = options;
  if (external && has('resource-api')) {
    for (const [flag, value] of [['--token', token], ['--user-id', userId], ['--other-user-id', otherUserId]] as const) {
      if (!value) problems.push(`resource-api: --target external needs ${flag}`);
    }
  }
  if (userId && otherUserId && userId === otherUserId) problems.push('--other-user-id must differ from --user-id: it names a user the token may NOT act for');
  const { otherToken } = options;
  if (otherToken !== undefined && (!external || !otherUserId)) problems.push('--other-token is for --target external, with --other-user-id: a token of that user');
  if (otherToken !== undefined && otherToken === token) problems.push('--other-token must differ from --token: it acts for --other-user-id');

  const deviceServer = deviceServerOf(options, external && has('device-server'), problems);
  const faults = (options.referenceFault ?? '').split(',').map((s) => s.trim()).filter(Boolean);
  if (faults.length > 0 && (target !== 'reference' || docker || systems.length !== 1)) {
    problems.push('--reference-fault is for the self-test: it needs --target reference and a single system');
  }
  // sender-* faults break the bundled sender, not the reference process (which refuses names it does not know).
  const referenceFaults = faults.filter((f) => !isSenderFaultName(f));
  const senderFaults = faults.filter(isSenderFaultName);
  const unknownSender = senderFaults.filter((f) => !(SENDER_FAULTS as readonly string[]).includes(f));
  if (unknownSender.length > 0) problems.push(`--reference-fault: unknown sender fault(s) ${unknownSender.join(', ')}; known: ${SENDER_FAULTS.join(', ')}`);
  if (senderFaults.length > 0 && !has('webhook')) problems.push('--reference-fault sender-*: sender faults belong to the webhook system');
  // A docker run brings its own PostgreSQL: DATABASE_URL is for the reference's processes.
  const databaseUrl = docker ? undefined : options.databaseUrl ?? (env['DATABASE_URL'] || undefined);
  if (databaseUrl && !/^postgres(ql)?:\/\//.test(databaseUrl)) problems.push(`--database-url / DATABASE_URL "${redactUrl(databaseUrl)}" is not a postgres:// URL`);

  const seed = seedOf(options, problems);
  const only = onlyOf(options, problems);
  const workTimeoutMs = workTimeoutOf(options, problems);
  const maxResponseBytes = maxResponseBytesOf(options, problems);
  const evidence = evidenceConfigOf(options, cwd, problems);
  if (problems.length > 0) throw new OptionsError(problems, 'wirecheck run --help');

  const runId = newRunId();
  const reportDir = options.reportDir ? resolve(cwd, options.reportDir) : join(cwd, 'reports', runId);
  const config: RunConfig = {
    runId, systems, target, ...(baseUrls[0] ? { baseUrl: baseUrls[0] } : {}), baseUrls, reportDir,
    probe: options.probe === true || target === 'reference',
    ...(only ? { only } : {}),
    seed, strict: options.strict === true, workTimeoutMs, maxResponseBytes,
    webhook: {
      secret: secret ?? randomBytes(24).toString('hex'), secretFromEnv: options.secret === undefined && envSecret !== undefined,
      ...(versionField ? { versionField } : {}),
    },
    resourceApi: { ...(token ? { token } : {}), ...(userId ? { userId } : {}), ...(otherUserId ? { otherUserId } : {}), ...(otherToken ? { otherToken } : {}) },
    deviceServer, referenceFaults, senderFaults,
    ...(databaseUrl ? { databaseUrl } : {}),
    ...(docker ? { docker } : {}),
    reproduce: '',
    ...evidence,
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
  if (options.homeEnv !== undefined && !/^[A-Za-z_][A-Za-z0-9_]*$/.test(options.homeEnv)) problems.push(`--home-env "${options.homeEnv}" must be the name of an environment variable, e.g. APPIUM_HOME`);
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
  if (config.docker) add('--target', 'docker');
  add('--image', options.image);
  for (const url of listOf(options.baseUrl)) add('--base-url', url);
  if (options.probe) args.push('--probe');
  if (options.strict) args.push('--strict');
  add('--seed', String(config.seed));
  add('--work-timeout', options.workTimeout);
  add('--max-response-bytes', options.maxResponseBytes);
  if (config.target === 'external' && options.secret !== undefined) args.push('--secret', '"$WEBHOOK_SECRET"');
  add('--version-field', options.versionField);
  if (options.token !== undefined) args.push('--token', '"$TOKEN"');
  add('--user-id', options.userId);
  add('--other-user-id', options.otherUserId);
  if (options.otherToken !== undefined) args.push('--other-token', '"$OTHER_TOKEN"');
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
