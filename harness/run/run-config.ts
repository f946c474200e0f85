// The one place where `wirecheck run` options and the environment are read and
// validated — the core's own here, each system's by its module's resolve() — every
// problem listed at once, then the configuration is frozen.
import { randomBytes, randomInt } from 'node:crypto';
import { join, resolve } from 'node:path';
import type { SystemName } from '../checks/check-definition.ts';
import { parseIdPatterns } from '../checks/id-pattern.ts';
import { OptionsError } from '../errors.ts';
import { DEFAULT_WORK_TIMEOUT_MS, type TargetKind } from '../target/target-info.ts';
import { referenceEnvOf } from '../target/reference-env.ts';
import { evidenceConfigOf, type EvidenceConfig, type EvidenceOptions } from '../evidence/evidence-options.ts';
import { missingSchemeProblem } from '../http/missing-scheme.ts';
import { redactUrl } from '../http/redact-url.ts';
import { MIN_SECRET_LENGTH } from '../http/redactor.ts';
import { parseExtraHeaders, secretHeaderArgument, type ExtraHeader } from '../http/extra-headers.ts';
import type { RateLimit } from '../http/send-pacer.ts';
import { DEFAULT_MAX_RESPONSE_BYTES, isResponseBudget, MAX_RESPONSE_BYTES_LIMIT } from '../http/response-budget.ts';
import { quote, reproduceArgsOf, stringValue, type OptionValues } from '../systems/option-table.ts';
import { systemModules, systemNames } from '../systems/registry.ts';
import type { RunSettings } from '../systems/system-module.ts';
import { unknownFaultProblem } from '../systems/unknown-fault-problem.ts';
import { DATABASE_URL_ROW } from './run-options.ts';
import { unknownSystemProblem } from '../systems/unknown-system-problem.ts';
import { keepCountOf } from './prune-reports.ts';

/** The parsed options of `wirecheck run` (camelCase keys) and its <system>. */
export type RunArguments = OptionValues & { readonly system?: string };

/** A string option's value (parseArgs gives strings for string options). */
const text = (options: RunArguments, key: string): string | undefined => options[key] as string | undefined;

/** --repeat, --baseline, --bundle and --sign-key: see harness/evidence/evidence-options.ts. */
export interface RunConfig extends EvidenceConfig, RunSettings {
  readonly systems: readonly SystemName[];
  readonly target: TargetKind;
  /** The first --base-url (external targets). */
  readonly baseUrl?: string;
  readonly only?: { readonly spec: string; readonly patterns: readonly RegExp[] };
  readonly seed: number;
  readonly strict: boolean;
  /** --fail-on-skipped-must: a skipped MUST check fails the run (exit 1). */
  readonly failOnSkippedMust: boolean;
  /** --header and --secret-header: added to every request to the target, a request's own header of the same name winning. */
  readonly extraHeaders: readonly ExtraHeader[];
  /** --rate-limit: at most `count` requests to the target per `windowMs`, across the run. */
  readonly rateLimit?: RateLimit;
  /** Bytes one answer of a target may take before the check fails and the connection is dropped (--max-response-bytes). */
  readonly maxResponseBytes: number;
  /** --workers: suite files run at once against an external target, where they cannot interfere. */
  readonly workers: number;
  /** --keep-reports N: after the run, keep the N newest run dirs of `folder` (reports/ in the working directory). */
  readonly keepReports?: { readonly count: number; readonly folder: string };
  /** --wait-for: how long an external target that does not answer yet is retried (0: not at all). */
  readonly waitForMs: number;
  /** Each registered system's own options, as its module's resolve() made them. */
  readonly own: Readonly<Record<SystemName, unknown>>;
  /** Every --reference-fault name, as given (report.html's header shows them). */
  readonly faults: readonly string[];
  /** The --reference-fault names the reference processes get (not those a system keeps, such as the sender's). */
  readonly referenceFaults: readonly string[];
  /**
   * --target docker: the bundled reference, run in containers. `target` is then
   * 'reference' (what it is, and what summary.json reports: CONTRACTS §3 has two kinds).
   */
  readonly docker?: { readonly image?: string; /** DOCKER_HOST, for the message when no engine answers. */ readonly dockerHost?: string };
  /** The command line that reproduces this run, secrets as placeholders, without --only. */
  readonly reproduce: string;
}

/** Options that came from a config file rather than the command line: its name and their flags. */
export interface ConfigFileOrigin {
  readonly file: string;
  readonly flags: readonly string[];
}

export const TARGET_KINDS = ['reference', 'external', 'docker'] as const;
const MAX_SEED = 2 ** 31 - 1;
const MAX_WAIT_SECONDS = 3600;

export function newRunId(now = new Date()): string {
  return `${now.toISOString().replace(/[:.]/g, '-')}-${randomBytes(2).toString('hex')}`;
}

function systemsOf(system: string | undefined, problems: string[]): SystemName[] {
  const names = systemNames();
  if (system === undefined) {
    problems.push(`missing <system>: one of ${[...names, 'all'].join(', ')} (e.g. \`wirecheck run ${names[0] ?? 'webhook'}\`)`);
    return [];
  }
  if (system === 'all') return names;
  if (names.includes(system)) return [system];
  problems.push(unknownSystemProblem(system, [...names, 'all']));
  return [];
}

function targetOf(options: RunArguments, problems: string[]): TargetKind {
  const target = text(options, 'target') ?? 'reference';
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
function dockerOf(options: RunArguments, env: NodeJS.ProcessEnv, problems: string[]): RunConfig['docker'] {
  const image = text(options, 'image');
  if (options['target'] !== 'docker') {
    if (image !== undefined) problems.push('--image is for --target docker: the image the reference containers run');
    return undefined;
  }
  if (options['databaseUrl'] !== undefined) problems.push('--database-url is for --target reference: --target docker starts its own PostgreSQL container');
  if (image !== undefined && !IMAGE_REFERENCE.test(image)) {
    problems.push(`--image "${image}" is not an image reference: e.g. wirecheck-reference:local or ghcr.io/acme/wirecheck-reference:1.2.3`);
  }
  const dockerHost = env['DOCKER_HOST'] || undefined;
  return { ...(image !== undefined ? { image } : {}), ...(dockerHost ? { dockerHost } : {}) };
}

function listOf(value: string | boolean | readonly string[] | undefined): string[] {
  return value === undefined || typeof value === 'boolean' ? [] : typeof value === 'string' ? [value] : [...value];
}

function baseUrlsOf(options: RunArguments, target: TargetKind, systems: readonly SystemName[], problems: string[]): string[] {
  const given = listOf(options['baseUrl']);
  if (target === 'reference') {
    if (given.length > 0) problems.push('--base-url is for --target external; the reference target starts its own server on a free port');
    return [];
  }
  const modules = systemModules().filter((m) => systems.includes(m.name) && m.reachedByUrl !== false);
  // Only systems whose targets are reached otherwise (the webhook sender's command) go without.
  const urlFree = systems.length > 0 && modules.length === 0;
  if (given.length === 0) {
    if (!urlFree) problems.push('--target external needs --base-url URL (the service root, e.g. http://127.0.0.1:3000)');
    return [];
  }
  if (urlFree) {
    problems.push(`--base-url is not used by ${systems.join(', ')}: its target is reached otherwise (\`wirecheck run --help\` says how)`);
    return [];
  }
  if (given.length > 1 && modules.some((m) => !m.instances)) {
    const takers = systemModules().filter((m) => m.instances).map((m) => `\`wirecheck run ${m.name}\``).join(', ');
    problems.push(`--base-url given more than once names the instances of one webhook receiver (its duplicate races run across them): only ${takers} takes several`);
  }
  return given.flatMap((raw) => {
    const url = httpUrl(raw);
    if (!url) {
      problems.push(missingSchemeProblem('--base-url', raw) ?? `--base-url "${raw}" is not an http:// or https:// URL`);
      return [];
    }
    // A base URL that already names a system's own path: the right form, when it is one.
    for (const { ownPath } of modules) {
      if (!ownPath || !ownPath.pattern.test(url.pathname)) continue;
      const root = new URL(url.href.replace(ownPath.pattern, '/'));
      problems.push(`--base-url "${raw}" ends in ${ownPath.what}: give the service root, ${root.href} (wirecheck adds ${ownPath.added} itself)`);
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

function workTimeoutOf(options: RunArguments, problems: string[]): number {
  const raw = text(options, 'workTimeout');
  if (raw === undefined) return DEFAULT_WORK_TIMEOUT_MS;
  const seconds = Number(raw);
  if (!/^\d+(\.\d+)?$/.test(raw) || seconds <= 0 || seconds > 3600) {
    problems.push(`--work-timeout "${raw}" must be a number of seconds above 0 and at most 3600 (default ${DEFAULT_WORK_TIMEOUT_MS / 1000})`);
    return DEFAULT_WORK_TIMEOUT_MS;
  }
  return Math.round(seconds * 1000);
}

function waitForOf(options: RunArguments, target: TargetKind, problems: string[]): number {
  const raw = text(options, 'waitFor');
  if (raw === undefined) return 0;
  const seconds = Number(raw);
  if (!/^\d+(\.\d+)?$/.test(raw) || seconds > MAX_WAIT_SECONDS) {
    problems.push(`--wait-for "${raw}" must be a number of seconds from 0 to ${MAX_WAIT_SECONDS} (default 0: no wait)`);
    return 0;
  }
  if (target !== 'external') problems.push('--wait-for is for --target external: a reference is started, and waited for, by wirecheck itself');
  return Math.round(seconds * 1000);
}

function maxResponseBytesOf(options: RunArguments, problems: string[]): number {
  const raw = text(options, 'maxResponseBytes');
  if (raw === undefined) return DEFAULT_MAX_RESPONSE_BYTES;
  const bytes = Number(raw);
  if (!/^\d+$/.test(raw) || !isResponseBudget(bytes)) {
    problems.push(`--max-response-bytes "${raw}" must be a whole number of bytes from 1 to ${MAX_RESPONSE_BYTES_LIMIT} (default ${DEFAULT_MAX_RESPONSE_BYTES}, 4 MiB)`);
    return DEFAULT_MAX_RESPONSE_BYTES;
  }
  return bytes;
}

/**
 * One file after another unless asked: side by side, independent files save the network's
 * round trips (--workers 4 at 50 ms RTT: bench/README.md), but on loopback, where the
 * processor sets the pace, they only add processes competing for its cores.
 */
export const DEFAULT_WORKERS = 1;
const MAX_WORKERS = 16;

function workersOf(options: RunArguments, problems: string[]): number {
  const raw = text(options, 'workers');
  if (raw === undefined) return DEFAULT_WORKERS;
  const workers = Number(raw);
  if (!/^\d+$/.test(raw) || workers < 1 || workers > MAX_WORKERS) {
    problems.push(`--workers "${raw}" must be a whole number from 1 to ${MAX_WORKERS} (default ${DEFAULT_WORKERS})`);
    return DEFAULT_WORKERS;
  }
  return workers;
}

const MAX_RATE = 10_000;

function rateLimitOf(options: RunArguments, problems: string[]): RateLimit | undefined {
  const raw = text(options, 'rateLimit');
  if (raw === undefined) return undefined;
  const match = /^(\d+)\/(s|min)$/.exec(raw.trim());
  const count = Number(match?.[1]);
  if (!match || count < 1 || count > MAX_RATE) {
    problems.push(`--rate-limit "${raw}" must be N/s or N/min, N a whole number from 1 to ${MAX_RATE}: e.g. --rate-limit 20/s, or 30/min for less than one a second`);
    return undefined;
  }
  return { count, windowMs: match[2] === 's' ? 1000 : 60_000, text: `${count}/${match[2] ?? 's'}` };
}

function seedOf(options: RunArguments, problems: string[]): number {
  const raw = text(options, 'seed');
  if (raw === undefined) return randomInt(0, MAX_SEED);
  const seed = Number(raw);
  if (!/^\d+$/.test(raw) || seed > MAX_SEED) {
    problems.push(`--seed "${raw}" must be an integer from 0 to ${MAX_SEED}`);
    return 0;
  }
  return seed;
}

function onlyOf(options: RunArguments, problems: string[]): RunConfig['only'] {
  if (options['only'] === undefined) return undefined;
  const spec = listOf(options['only']).join(',');
  const patterns = parseIdPatterns(spec);
  if (patterns.length === 0) problems.push('--only needs a check-id glob, e.g. --only "WH-SIG-*" (several: comma-separated)');
  return { spec, patterns };
}

/**
 * A problem whose subject (the first option it names) came from a config file says so:
 * the file and the key to fix, as a problem of the command line names its option.
 */
function fromFile(problems: readonly string[], origin: ConfigFileOrigin | undefined): string[] {
  if (!origin) return [...problems];
  return problems.map((problem) => {
    const subject = /--([a-z][a-z0-9-]*)/.exec(problem)?.[1];
    return subject && origin.flags.includes(subject) ? `${problem} (in ${origin.file}: key "${subject}")` : problem;
  });
}

/** `origin`: the options that came from a config file (the rest are the command line's). */
export function resolveRunConfig(options: RunArguments, env: NodeJS.ProcessEnv, cwd: string, origin?: ConfigFileOrigin): RunConfig {
  const problems: string[] = [];
  const systems = systemsOf(options.system, problems);
  const target = targetOf(options, problems);
  const baseUrls = baseUrlsOf(options, target, systems, problems);
  const external = target === 'external';
  const docker = dockerOf(options, env, problems);

  const faults = (text(options, 'referenceFault') ?? '').split(',').map((s) => s.trim()).filter(Boolean);
  if (faults.length > 0 && (target !== 'reference' || docker || systems.length !== 1)) {
    problems.push('--reference-fault is for the self-test: it needs --target reference and a single system');
  }
  // A misspelt fault is a usage error naming every fault the system knows, the sender's too.
  const faulted = systems.length === 1 ? systemModules().find((m) => m.name === systems[0]) : undefined;
  const unknownFaults = faulted && unknownFaultProblem(faulted, faults);
  if (unknownFaults) problems.push(unknownFaults);
  const own = Object.fromEntries(systemModules().map((m) => [m.name, m.resolve({
    values: options, env, cwd, external, selected: systems.includes(m.name), faults, problems,
  })]));
  // A secret too short to be redacted would mangle every transcript (http/redactor.ts): refused before anything starts.
  for (const module of systemModules().filter((m) => systems.includes(m.name))) {
    if (module.secrets(own[module.name]).some((s) => s.length > 0 && s.length < MIN_SECRET_LENGTH)) {
      problems.push(`${module.name}: a secret needs at least ${MIN_SECRET_LENGTH} characters to be redacted safely from every report: give a longer one`);
    }
  }
  // A fault of another program (the webhook's bundled sender's) is not the reference process's, which refuses names it does not know.
  const otherPrograms = new Set((faulted?.faults ?? []).filter((f) => f.of !== 'reference').map((f) => f.name));
  const referenceFaults = faults.filter((f) => !otherPrograms.has(f));
  // A docker run brings its own PostgreSQL: DATABASE_URL is for the reference's processes.
  const databaseUrl = docker ? undefined : stringValue(DATABASE_URL_ROW, options, env);
  if (databaseUrl && !/^postgres(ql)?:\/\//.test(databaseUrl)) {
    problems.push(missingSchemeProblem('--database-url / DATABASE_URL', databaseUrl, 'postgres') ?? `--database-url / DATABASE_URL "${redactUrl(databaseUrl)}" is not a postgres:// URL`);
  }

  const seed = seedOf(options, problems);
  const only = onlyOf(options, problems);
  const workTimeoutMs = workTimeoutOf(options, problems);
  const maxResponseBytes = maxResponseBytesOf(options, problems);
  const workers = workersOf(options, problems);
  const waitForMs = waitForOf(options, target, problems);
  const extraHeaders = parseExtraHeaders(listOf(options['header']), listOf(options['secretHeader']), env, problems);
  const rateLimit = rateLimitOf(options, problems);
  const evidence = evidenceConfigOf(options as EvidenceOptions, cwd, problems);
  const keepCount = keepCountOf('--keep-reports', text(options, 'keepReports'), problems, 1);
  if (problems.length > 0) throw new OptionsError(fromFile(problems, origin), 'wirecheck run --help');

  const runId = newRunId();
  const reportDir = text(options, 'reportDir') ? resolve(cwd, text(options, 'reportDir') ?? '') : join(cwd, 'reports', runId);
  const config: RunConfig = {
    runId, systems, target, ...(baseUrls[0] ? { baseUrl: baseUrls[0] } : {}), baseUrls, reportDir,
    probe: options['probe'] === true || target === 'reference',
    ...(only ? { only } : {}),
    seed, strict: options['strict'] === true, failOnSkippedMust: options['failOnSkippedMust'] === true, workTimeoutMs, maxResponseBytes, workers, waitForMs,
    extraHeaders, ...(rateLimit ? { rateLimit } : {}),
    ...(keepCount !== undefined ? { keepReports: { count: keepCount, folder: join(cwd, 'reports') } } : {}),
    own, faults, referenceFaults, referenceEnv: referenceEnvOf(env, referenceFaults),
    ...(databaseUrl ? { databaseUrl } : {}),
    ...(docker ? { docker } : {}),
    reproduce: '',
    ...evidence,
  };
  return Object.freeze({ ...config, reproduce: reproduceCommand(options, config) });
}

/** `npx wirecheck run ...` for this run: secrets become placeholders, the seed is fixed. */
function reproduceCommand(options: RunArguments, config: RunConfig): string {
  const args = ['npx', 'wirecheck', 'run', options.system ?? ''];
  const add = (flag: string, value: string | undefined) => { if (value !== undefined) args.push(flag, quote(value)); };
  if (config.target === 'external') add('--target', 'external');
  if (config.docker) add('--target', 'docker');
  add('--image', text(options, 'image'));
  for (const url of listOf(options['baseUrl'])) add('--base-url', url);
  if (options['probe']) args.push('--probe');
  if (options['strict']) args.push('--strict');
  if (config.failOnSkippedMust) args.push('--fail-on-skipped-must');
  add('--seed', String(config.seed));
  add('--work-timeout', text(options, 'workTimeout'));
  add('--max-response-bytes', text(options, 'maxResponseBytes'));
  add('--workers', text(options, 'workers'));
  add('--wait-for', text(options, 'waitFor'));
  // Extra headers as given; a secret one's value as an environment reference (env:NAME).
  for (const header of listOf(options['header'])) add('--header', header);
  for (const header of listOf(options['secretHeader'])) add('--secret-header', secretHeaderArgument(header));
  add('--rate-limit', config.rateLimit?.text);
  // Each system's options, from its table (secrets as the placeholders it names).
  for (const module of systemModules()) args.push(...reproduceArgsOf(module.options, options, config.target === 'external'));
  add('--reference-fault', text(options, 'referenceFault'));
  return args.join(' ');
}
