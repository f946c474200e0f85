// Headers the run adds to every request it sends to a target (--header, --secret-header):
// API gateways in front of a staging deployment want a key on each request. How they
// are read from the command line, and how they join a request's own headers. A check
// that sets a header itself (Authorization, Content-Type, a signature) keeps its own
// value: the extra header of that name is not sent with that request. Names that decide
// how a request is framed or its connection kept are refused: those belong to the
// checks, and a gateway key never needs them.

export interface ExtraHeader {
  readonly name: string;
  readonly value: string;
  /** --secret-header: redacted everywhere, shown as an environment reference in commands. */
  readonly secret: boolean;
  /** The environment variable the value was read from (`env:NAME`). */
  readonly env?: string;
}

export type HeaderPairs = ReadonlyArray<readonly [string, string]>;

/** Lower-case names an extra header may not have, with why. */
export const FRAMING_HEADERS: ReadonlyMap<string, string> = new Map([
  ['content-length', 'frames the body'],
  ['transfer-encoding', 'frames the body'],
  ['host', 'names the target (the harness sets it from --base-url)'],
  ['connection', 'decides whether a connection is kept (the framing checks own it)'],
  ['keep-alive', 'decides whether a connection is kept (the framing checks own it)'],
  ['upgrade', 'would switch the connection to another protocol'],
  ['te', 'changes how answers are framed'],
  ['trailer', 'changes how bodies are framed'],
  ['expect', 'changes the order of request and answer (100-continue)'],
]);

/**
 * Lower-case names whose presence or absence checks vary on purpose, with what for: an
 * extra header of that name would ride on the very requests that must go without it (an
 * unauthenticated request carrying credentials, a preflight carrying an Origin it must not),
 * and a correct target would fail the check. Their values come from the run's own options.
 */
export const CHECKED_HEADERS: ReadonlyMap<string, string> = new Map([
  ['authorization', 'the access checks send without it or with a wrong one; give the token with --token (and --other-token)'],
  ['x-webhook-signature', 'the signature checks send without it or with a wrong one; give the secret with --secret'],
  ['content-type', 'the parsing and input checks vary it, or leave it out'],
  ['origin', 'the CORS checks send it, or not, on purpose'],
  ['access-control-request-method', 'the CORS preflight checks send it, or not, on purpose'],
  ['access-control-request-headers', 'the CORS preflight checks send it, or not, on purpose'],
  ['if-match', 'the conditional-request checks send it, or not, on purpose'],
  ['if-none-match', 'the conditional-request and caching checks send it, or not, on purpose'],
  ['prefer', 'the Prefer checks send it, or not, on purpose'],
]);

const TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
const ENV_REFERENCE = /^env:([A-Za-z_][A-Za-z0-9_]*)$/;
/** The redactor's floor (redactor.ts): a shorter secret cannot be redacted without mangling every transcript. */
const MIN_SECRET_LENGTH = 4;

/** The first character a header value may not hold (controls other than HTAB, DEL, non-ASCII), with its position. */
function badCharacter(value: string): { at: number; shown: string } | undefined {
  for (let i = 0; i < value.length; i += 1) {
    const code = value.charCodeAt(i);
    if ((code < 0x20 && code !== 0x09) || code >= 0x7f) {
      return { at: i + 1, shown: code <= 0x7f ? `\\x${code.toString(16).padStart(2, '0')}` : 'a non-ASCII character' };
    }
  }
  return undefined;
}

/** `--secret-header X-Api-Key` or `--header "X-Trace: abc"`: how a message names the argument (never a secret value). */
function shown(flag: string, raw: string, secret: boolean): string {
  if (!secret) return `${flag} ${JSON.stringify(raw)}`;
  const colon = raw.indexOf(':');
  return colon > 0 ? `${flag} ${raw.slice(0, colon).trim()}` : flag;
}

/**
 * One --header / --secret-header argument, `Name: value`, or the problem with it (each
 * naming the fix). A secret's value is never quoted back. `env:NAME` as a secret's value
 * reads it from the environment variable NAME.
 */
export function parseExtraHeader(raw: string, secret: boolean, env: NodeJS.ProcessEnv): ExtraHeader | string {
  const flag = secret ? '--secret-header' : '--header';
  const what = shown(flag, raw, secret);
  const example = `${flag} "X-Api-Key: ${secret ? 'env:STAGING_API_KEY' : 'abc123'}"`;
  const colon = raw.indexOf(':');
  if (colon < 0) return `${what} has no colon: give it as "Name: value", e.g. ${example}`;
  const name = raw.slice(0, colon).trim();
  if (name === '') return `${what} has an empty name before its colon: give it as "Name: value", e.g. ${example}`;
  if (!TOKEN.test(name)) return `${what}: "${name.replace(/[^\x20-\x7e]/g, '?')}" is not a header name (letters, digits and !#$%&'*+-.^_\`|~ only, no spaces), e.g. ${example}`;
  const framing = FRAMING_HEADERS.get(name.toLowerCase());
  if (framing !== undefined) return `${flag} ${name}: the harness does not add ${name}, which ${framing}; give only the headers your gateway needs, such as an API key`;
  const checked = CHECKED_HEADERS.get(name.toLowerCase());
  if (checked !== undefined) return `${flag} ${name}: the harness does not add ${name} to every request: ${checked}`;
  let value = raw.slice(colon + 1).replace(/^[ \t]+|[ \t]+$/g, '');
  const reference = secret ? ENV_REFERENCE.exec(value) : null;
  const envName = reference?.[1];
  if (envName !== undefined) {
    value = (env[envName] ?? '').replace(/^[ \t]+|[ \t]+$/g, '');
    if (value === '') return `${flag} ${name}: the environment variable ${envName} (from env:${envName}) is not set or empty: export it, e.g. ${envName}=… wirecheck run …`;
  }
  const bad = badCharacter(value);
  if (bad !== undefined) {
    const where = envName === undefined ? 'its value' : `the value of ${envName}`;
    return `${what}: ${where} holds ${bad.shown} at character ${bad.at}: a header value here is one line of visible ASCII characters, spaces and tabs`;
  }
  if (secret && value.length < MIN_SECRET_LENGTH) {
    return `${flag} ${name}: a secret value needs at least ${MIN_SECRET_LENGTH} characters to be redacted safely; a value that short is no secret: give it with --header`;
  }
  return { name, value, secret, ...(envName === undefined ? {} : { env: envName }) };
}

/** The extra headers and every problem with them: each name once, across both flags. */
export function parseExtraHeaders(plain: readonly string[], secret: readonly string[], env: NodeJS.ProcessEnv, problems: string[]): ExtraHeader[] {
  const parsed = [...plain.map((raw) => parseExtraHeader(raw, false, env)), ...secret.map((raw) => parseExtraHeader(raw, true, env))];
  const headers: ExtraHeader[] = [];
  for (const one of parsed) {
    if (typeof one === 'string') problems.push(one);
    else if (headers.some((h) => h.name.toLowerCase() === one.name.toLowerCase())) problems.push(`the header ${one.name} is given twice (--header, --secret-header): give each header once`);
    else headers.push(one);
  }
  return headers;
}

/** An environment variable's name for a header's secret value: `X-Api-Key` → `X_API_KEY`. */
export function envNameOf(header: string): string {
  const name = header.toUpperCase().replace(/[^A-Z0-9]+/g, '_').replace(/^_+|_+$/g, '');
  return /^[A-Z_]/.test(name) ? name : `H_${name}`;
}

/**
 * A --secret-header argument as commands show it (the reproduce command, the bundle's
 * manifest): its name kept, its value an environment reference — `env:NAME` as given,
 * else `env:X_API_KEY` named after the header — so the command runs again once that
 * variable holds the value, and no shell quoting can expand or mangle it.
 */
export function secretHeaderArgument(raw: string): string {
  const colon = raw.indexOf(':');
  if (colon < 0) return '<secret-header>';
  const name = raw.slice(0, colon).trim();
  const value = raw.slice(colon + 1).trim();
  return ENV_REFERENCE.test(value) ? `${name}: ${value}` : `${name}: env:${envNameOf(name)}`;
}

/** `own` with the extra headers it does not set itself added after it: a request's own header wins. */
export function withHeadersAdded(own: HeaderPairs, extra: readonly ExtraHeader[]): HeaderPairs {
  if (extra.length === 0) return own;
  const names = new Set(own.map(([name]) => name.toLowerCase()));
  return [...own, ...extra.filter((h) => !names.has(h.name.toLowerCase())).map((h) => [h.name, h.value] as const)];
}

/** The names of the fields in a request head (the bytes up to the empty line). */
function fieldNamesOf(head: string): Set<string> {
  return new Set(head.split('\r\n').slice(1).map((line) => line.slice(0, Math.max(0, line.indexOf(':'))).trim().toLowerCase()));
}

/**
 * A pre-serialized request with the extra headers it lacks inserted after its request
 * line. Bytes without a CRLF-ended request line are left as they are: there is no head
 * to add to.
 */
export function withHeaderLinesAdded(bytes: Buffer, extra: readonly ExtraHeader[]): Buffer {
  const lineEnd = bytes.indexOf('\r\n');
  if (extra.length === 0 || lineEnd < 0) return bytes;
  const headEnd = bytes.indexOf('\r\n\r\n');
  const present = fieldNamesOf(bytes.subarray(0, headEnd < 0 ? bytes.length : headEnd).toString('latin1'));
  const lines = extra.filter((h) => !present.has(h.name.toLowerCase())).map((h) => `${h.name}: ${h.value}\r\n`).join('');
  if (lines === '') return bytes;
  return Buffer.concat([bytes.subarray(0, lineEnd + 2), Buffer.from(lines, 'latin1'), bytes.subarray(lineEnd + 2)]);
}
