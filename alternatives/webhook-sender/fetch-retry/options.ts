// The command line and the one environment knob, checked before anything is sent: a
// usage error names the flag and the fix, and the process exits 2 (send.ts).
import { statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { DEFAULT_BASE_DELAY_MS } from './backoff.ts';
import { DEFAULT_EXHAUSTED_LOG } from './exhausted-log.ts';

export const SEND_USAGE = 'usage: node --import tsx alternatives/webhook-sender/fetch-retry/send.ts --to URL --file EVENT_JSON_FILE --key SECRET'
  + ' [--attempts N] [--attempt-timeout-ms MS] [--exhausted-log FILE] [--follow-redirects]   (env BACKOFF_BASE_MS, default 250)';
export const LIST_USAGE = 'usage: node --import tsx alternatives/webhook-sender/fetch-retry/list-exhausted.ts [--exhausted-log FILE]';

const DEFAULT_ATTEMPTS = 4;
const DEFAULT_ATTEMPT_TIMEOUT_MS = 10_000;
/** Node's timers hold at most this many ms; a longer delay would fire after 1 ms. */
const MAX_TIMER_MS = 2 ** 31 - 1;

export class UsageError extends Error {}

export interface SendOptions {
  readonly url: string;
  readonly file: string;
  readonly secret: string;
  readonly maxAttempts: number;
  readonly attemptTimeoutMs: number;
  readonly exhaustedLog: string;
  readonly baseDelayMs: number;
  /** --follow-redirects: fetch's own default (redirect: 'follow'), which the spec leaves open. */
  readonly followRedirects: boolean;
}

export type Parsed<T> = { readonly help: true } | { readonly help: false; readonly options: T };

export function parseSendArgs(argv: readonly string[], env: NodeJS.ProcessEnv): Parsed<SendOptions> {
  const { values } = parse(argv, {
    to: { type: 'string' },
    file: { type: 'string' },
    key: { type: 'string' },
    attempts: { type: 'string' },
    'attempt-timeout-ms': { type: 'string' },
    'exhausted-log': { type: 'string' },
    'follow-redirects': { type: 'boolean' },
    help: { type: 'boolean', short: 'h' },
  });
  if (values['help'] === true) return { help: true };
  const url = required(values['to'], '--to', 'the receiver URL, e.g. --to http://127.0.0.1:3000/webhooks/payments');
  checkUrl(url);
  const file = required(values['file'], '--file', 'the path of the event JSON file to send');
  const secret = required(values['key'], '--key', 'the shared secret the receiver holds as WEBHOOK_SECRET');
  const baseDelayMs = integer(env['BACKOFF_BASE_MS'] || undefined, 'BACKOFF_BASE_MS', DEFAULT_BASE_DELAY_MS, 0, Math.floor(MAX_TIMER_MS / 8));
  return {
    help: false,
    options: {
      url,
      file,
      secret,
      maxAttempts: integer(values['attempts'], '--attempts', DEFAULT_ATTEMPTS, 1, Number.MAX_SAFE_INTEGER),
      attemptTimeoutMs: integer(values['attempt-timeout-ms'], '--attempt-timeout-ms', DEFAULT_ATTEMPT_TIMEOUT_MS, 1, MAX_TIMER_MS),
      exhaustedLog: writableLogPath(text(values['exhausted-log']) ?? DEFAULT_EXHAUSTED_LOG),
      baseDelayMs,
      followRedirects: values['follow-redirects'] === true,
    },
  };
}

export function parseListArgs(argv: readonly string[]): Parsed<{ readonly exhaustedLog: string }> {
  const { values } = parse(argv, { 'exhausted-log': { type: 'string' }, help: { type: 'boolean', short: 'h' } });
  if (values['help'] === true) return { help: true };
  return { help: false, options: { exhaustedLog: text(values['exhausted-log']) ?? DEFAULT_EXHAUSTED_LOG } };
}

type Spec = Record<string, { type: 'string' | 'boolean'; short?: string }>;

function parse(argv: readonly string[], options: Spec): { values: Record<string, string | boolean | undefined> } {
  try {
    return parseArgs({ args: [...argv], options, strict: true, allowPositionals: false }) as { values: Record<string, string | boolean | undefined> };
  } catch (err) {
    // parseArgs names the unknown flag, the missing value or the stray argument.
    throw new UsageError(err instanceof Error ? err.message : String(err));
  }
}

/** A string flag's value (parseArgs gives booleans only to boolean flags). */
function text(value: string | boolean | undefined): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

function required(value: string | boolean | undefined, flag: string, what: string): string {
  if (typeof value !== 'string' || value === '') throw new UsageError(`${flag} is required: give ${what}`);
  return value;
}

function checkUrl(url: string): void {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new UsageError(`--to ${JSON.stringify(url)} is not an absolute URL: give one like http://127.0.0.1:3000/webhooks/payments`);
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') throw new UsageError(`--to must be an http: or https: URL, not ${parsed.protocol}`);
  // fetch refuses URLs with credentials; say so before the first attempt rather than retry a TypeError.
  if (parsed.username !== '' || parsed.password !== '') throw new UsageError('--to must not carry user:password@: the receiver authenticates the signature, not the URL');
}

function integer(raw: string | boolean | undefined, name: string, fallback: number, min: number, max: number): number {
  if (raw === undefined) return fallback;
  const digits = String(raw);
  const value = /^\d+$/.test(digits) ? Number(digits) : NaN;
  if (!Number.isSafeInteger(value) || value < min || value > max) throw new UsageError(`${name} must be a whole number from ${min} to ${max}, not ${JSON.stringify(digits)}`);
  return value;
}

/** The exhausted log is only written at the cap, so a bad path is caught now, not after the last attempt. */
function writableLogPath(file: string): string {
  if (file === '') throw new UsageError('--exhausted-log is empty: give a file path, or leave the flag out for ./exhausted-deliveries.jsonl');
  const dir = dirname(resolve(file));
  let isDir = false;
  try {
    isDir = statSync(dir).isDirectory();
  } catch {
    isDir = false;
  }
  if (!isDir) throw new UsageError(`--exhausted-log ${file}: directory ${dir} does not exist; create it or give another path`);
  return file;
}
