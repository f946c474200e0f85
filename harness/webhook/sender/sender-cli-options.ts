// The one place where `wirecheck send` and `wirecheck deliveries` read their options
// and the environment (WEBHOOK_SECRET): every problem listed at once, then frozen.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { OptionsError } from '../../errors.ts';
import { DELIVERY_ID } from './dead-letter-entry.ts';
import { DEFAULT_DEAD_LETTER_FILE } from './dead-letter-store.ts';
import { SENDER_FAULTS } from './sender-faults.ts';
import { DEFAULT_MAX_ATTEMPTS, DEFAULT_TIMEOUT_MS } from './retry-schedule.ts';
import { deliveryUrlOf, integerProblem, MAX_ATTEMPTS_RANGE, TIMEOUT_MS_RANGE } from './sender-limits.ts';

export type CommandValues = Readonly<Record<string, string | boolean | string[] | undefined>>;

export interface RetryConfig {
  readonly maxAttempts: number;
  readonly timeoutMs: number;
  readonly jitter: boolean;
}

export interface SendConfig extends RetryConfig {
  readonly url: string;
  readonly secret: string;
  readonly eventFile: string;
  readonly body: Buffer;
  readonly deadLetterFile: string;
  /** Self-test only: the sender's deliberate bugs, from the environment the harness gives a reference (sender-faults.ts). */
  readonly faults: readonly string[];
}

export type DeliveriesConfig =
  | { readonly action: 'list'; readonly deadLetterFile: string; readonly json: boolean }
  | (RetryConfig & {
    readonly action: 'replay';
    readonly deadLetterFile: string;
    /** Empty with `all`. */
    readonly ids: readonly string[];
    readonly all: boolean;
    readonly secret: string;
    readonly url?: string;
  });

const str = (values: CommandValues, name: string): string | undefined => {
  const value = values[name];
  return typeof value === 'string' ? value : undefined;
};

function integerOf(values: CommandValues, name: string, flag: string, fallback: number, range: { min: number; max: number }, problems: string[]): number {
  const text = str(values, name);
  if (text === undefined) return fallback;
  const value = /^\d+$/.test(text) ? Number(text) : Number.NaN;
  const problem = integerProblem(flag, value, range);
  if (problem) problems.push(problem.replace(/got .*$/, `got "${text}"`));
  return problem ? fallback : value;
}

function retryConfigOf(values: CommandValues, problems: string[]): RetryConfig {
  return {
    maxAttempts: integerOf(values, 'maxAttempts', '--max-attempts', DEFAULT_MAX_ATTEMPTS, MAX_ATTEMPTS_RANGE, problems),
    timeoutMs: integerOf(values, 'timeoutMs', '--timeout-ms', DEFAULT_TIMEOUT_MS, TIMEOUT_MS_RANGE, problems),
    jitter: values['jitter'] === true,
  };
}

/** --secret, else env WEBHOOK_SECRET: the only read of the environment by these commands. */
function secretOf(values: CommandValues, env: NodeJS.ProcessEnv, problems: string[]): string {
  const given = str(values, 'secret');
  if (given !== undefined && given.length === 0) problems.push('--secret must not be empty');
  const secret = given || env['WEBHOOK_SECRET'] || '';
  if (given === undefined && !secret) problems.push('the receiver\'s shared secret is needed to sign: --secret S or env WEBHOOK_SECRET');
  return secret;
}

/**
 * The self-test's faults, as every reference reads them (reference-impl/shared/faults.ts):
 * inert unless CONFORMANCE_FAULTS_ENABLED=1, an unknown name a usage error. This is how
 * `wirecheck run webhook-sender --reference-fault sender-…` reaches the sender it runs.
 */
function faultsOf(env: NodeJS.ProcessEnv, problems: string[]): readonly string[] {
  if (env['CONFORMANCE_FAULTS_ENABLED'] !== '1') return [];
  const names = (env['WIRECHECK_FAULTS'] ?? '').split(',').map((s) => s.trim()).filter(Boolean);
  const unknown = names.filter((name) => !(SENDER_FAULTS as readonly string[]).includes(name));
  if (unknown.length > 0) problems.push(`unknown fault(s) in WIRECHECK_FAULTS: ${unknown.join(', ')}; known faults: ${SENDER_FAULTS.join(', ')}`);
  return names.filter((name) => !unknown.includes(name));
}

function urlOf(text: string | undefined, problems: string[]): string | undefined {
  if (text === undefined) return undefined;
  const url = deliveryUrlOf(text, '--url');
  if (typeof url === 'string') problems.push(url);
  return typeof url === 'string' ? undefined : url.toString();
}

function eventBodyOf(file: string | undefined, cwd: string, problems: string[]): Buffer {
  if (file === undefined) {
    problems.push('--event FILE is required: the JSON file whose exact bytes are sent');
    return Buffer.alloc(0);
  }
  try {
    const body = readFileSync(resolve(cwd, file));
    if (body.length === 0) problems.push(`--event "${file}" is empty: give a file holding the event's JSON`);
    return body;
  } catch (error) {
    problems.push(`--event "${file}" cannot be read (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`);
    return Buffer.alloc(0);
  }
}

export function resolveSendConfig(positionals: readonly string[], values: CommandValues, env: NodeJS.ProcessEnv, cwd: string): SendConfig {
  const problems: string[] = [];
  if (positionals.length > 0) problems.push(`unexpected argument "${positionals[0]}": send takes only options`);
  const urlText = str(values, 'url');
  if (urlText === undefined) problems.push('--url U is required: the receiver\'s full delivery URL, e.g. http://127.0.0.1:3000/webhooks/payments');
  const url = urlOf(urlText, problems);
  const secret = secretOf(values, env, problems);
  const eventFile = str(values, 'event');
  const body = eventBodyOf(eventFile, cwd, problems);
  const retry = retryConfigOf(values, problems);
  const faults = faultsOf(env, problems);
  if (problems.length > 0 || url === undefined || eventFile === undefined) throw new OptionsError(problems, 'wirecheck send --help');
  return Object.freeze({
    url, secret, eventFile: resolve(cwd, eventFile), body, ...retry, faults,
    deadLetterFile: resolve(cwd, str(values, 'deadLetter') ?? DEFAULT_DEAD_LETTER_FILE),
  });
}

const REPLAY_ONLY = ['secret', 'url', 'all', 'maxAttempts', 'timeoutMs', 'jitter'] as const;
const FLAG_OF: Readonly<Record<string, string>> = { secret: '--secret', url: '--url', all: '--all', maxAttempts: '--max-attempts', timeoutMs: '--timeout-ms', jitter: '--jitter', json: '--json' };

export function resolveDeliveriesConfig(positionals: readonly string[], values: CommandValues, env: NodeJS.ProcessEnv, cwd: string): DeliveriesConfig {
  const problems: string[] = [];
  const [action, ...rest] = positionals;
  const deadLetterFile = resolve(cwd, str(values, 'deadLetter') ?? DEFAULT_DEAD_LETTER_FILE);
  if (action === 'list') {
    if (rest.length > 0) problems.push(`unexpected argument "${rest[0]}": deliveries list takes only options`);
    for (const name of REPLAY_ONLY) if (values[name] !== undefined) problems.push(`${FLAG_OF[name]} is an option of deliveries replay, not of list`);
    if (problems.length > 0) throw new OptionsError(problems, 'wirecheck deliveries --help');
    return Object.freeze({ action, deadLetterFile, json: values['json'] === true });
  }
  if (action !== 'replay') {
    problems.push(action === undefined ? 'deliveries needs an action: list or replay' : `unknown action "${action}": use list or replay`);
    throw new OptionsError(problems, 'wirecheck deliveries --help');
  }
  const all = values['all'] === true;
  if (all === (rest.length > 0)) problems.push('deliveries replay needs either delivery ids (from `wirecheck deliveries list`) or --all, not both');
  for (const id of rest) if (!DELIVERY_ID.test(id)) problems.push(`"${id}" is not a delivery id: ids look like dl_0123456789abcdef`);
  if (values['json'] !== undefined) problems.push('--json is an option of deliveries list, not of replay');
  const secret = secretOf(values, env, problems);
  const url = urlOf(str(values, 'url'), problems);
  const retry = retryConfigOf(values, problems);
  if (problems.length > 0) throw new OptionsError(problems, 'wirecheck deliveries --help');
  return Object.freeze({ action, deadLetterFile, ids: Object.freeze([...new Set(rest)]), all, secret, ...(url ? { url } : {}), ...retry });
}
