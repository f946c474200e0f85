// Evidence must never carry credentials (CONTRACTS.md §3): transcripts go into reports
// that auditors and CI logs keep. Two rules only, both mechanical so they can be proved:
// the values of credential-bearing header lines, and every occurrence of a known secret.

import { RedactorError } from './http-errors.ts';
import { secretHeaderNames, secretHeaderValues } from './target-traffic.ts';

export const REDACTED = '[REDACTED]';

/** Header lines whose value is always redacted; `options.headers` adds to these, never removes. */
export const DEFAULT_REDACTED_HEADERS: readonly string[] = [
  'authorization', 'proxy-authorization', 'cookie', 'set-cookie', 'x-webhook-signature', 'x-api-key',
];

// Headers whose value starts with an authentication scheme worth keeping (`Bearer [REDACTED]`).
const SCHEME_HEADERS = new Set(['authorization', 'proxy-authorization']);
export const MIN_SECRET_LENGTH = 4;
// Used instead of `[REDACTED]` only when a secret is part of that very word: 3 characters
// cannot contain a secret of 4 or more.
const SHORT_MARKER = '[R]';
// Replacing one secret can, in contrived cases, create another across the marker's edge;
// passes repeat until none is left, and a text that never settles is replaced whole.
const MAX_PASSES = 8;

const FIELD_LINE = /^([!#$%&'*+.^_`|~0-9A-Za-z-]+)([ \t]*:[ \t]*)(.*?)([ \t]*\r?)$/s;

// The run's secret extra headers (--secret-header) are redacted by every redactor of the
// process, given or not: their values, and the lines of headers by their names. A
// redactor made without the run's secrets (a set-up request's error message) cannot
// let them through.

export interface RedactorOptions {
  secrets?: readonly (string | undefined)[];
  headers?: readonly string[];
}

function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** The secret and the forms it commonly takes in URLs and JSON strings. */
function variants(secret: string): string[] {
  const json = JSON.stringify(secret).slice(1, -1);
  let uri = secret;
  try {
    uri = encodeURIComponent(secret);
  } catch { /* lone surrogates cannot be URI-encoded, so that form cannot occur */ }
  return [...new Set([secret, json, uri])];
}

export class Redactor {
  readonly #headers: ReadonlySet<string>;
  readonly #textPattern: RegExp | undefined;
  readonly #bytePattern: RegExp | undefined;
  readonly #marker: string;

  constructor(options: RedactorOptions = {}) {
    this.#headers = new Set([...DEFAULT_REDACTED_HEADERS, ...[...(options.headers ?? []), ...secretHeaderNames()].map((h) => h.toLowerCase())]);
    const secrets = [...(options.secrets ?? []), ...secretHeaderValues()].filter((s): s is string => typeof s === 'string' && s !== '');
    for (const secret of secrets) {
      if (secret.length < MIN_SECRET_LENGTH) {
        throw new RedactorError(`a secret of ${secret.length} characters is too short to redact without mangling every transcript; `
          + `secrets must have at least ${MIN_SECRET_LENGTH} characters`);
      }
    }
    const forms = [...new Set(secrets.flatMap(variants))].sort((a, b) => b.length - a.length);
    this.#textPattern = forms.length === 0 ? undefined : new RegExp(forms.map(escapeRegExp).join('|'), 'g');
    // Bytes are matched as latin1 text (one char per byte), so secrets are too, via their UTF-8 bytes.
    const byteForms = forms.map((f) => Buffer.from(f, 'utf8').toString('latin1'));
    this.#bytePattern = byteForms.length === 0 ? undefined : new RegExp(byteForms.map(escapeRegExp).join('|'), 'g');
    this.#marker = [...forms, ...byteForms].some((f) => REDACTED.includes(f)) ? SHORT_MARKER : REDACTED;
  }

  /** `s` with credential header values and every secret replaced by `[REDACTED]`. */
  redactText(s: string): string {
    return this.#redactSecrets(this.#redactHeaders(s), this.#textPattern);
  }

  /** `b` with the same redaction, byte-exact elsewhere (bytes that are not UTF-8 survive). */
  redactBytes(b: Buffer): Buffer {
    const text = b.toString('latin1');
    const redacted = this.#redactSecrets(this.#redactHeaders(text), this.#bytePattern);
    return redacted === text ? Buffer.from(b) : Buffer.from(redacted, 'latin1');
  }

  #redactHeaders(s: string): string {
    let inRedacted = false;
    return s.replace(/[^\n]*/g, (line) => {
      if (line === '') return line;
      // obs-fold continuation of a redacted value
      if (inRedacted && /^[ \t]/.test(line)) return line.replace(/^([ \t]+).*?(\r?)$/s, `$1${this.#marker}$2`);
      const m = FIELD_LINE.exec(line);
      inRedacted = m !== null && this.#headers.has((m[1] ?? '').toLowerCase());
      if (!m || !inRedacted) return line;
      const [, name = '', sep = '', value = '', end = ''] = m;
      return `${name}${sep}${this.#redactValue(name.toLowerCase(), value)}${end}`;
    });
  }

  #redactValue(name: string, value: string): string {
    if (value === '') return value;
    const scheme = SCHEME_HEADERS.has(name) ? /^([!#$%&'*+.^_`|~0-9A-Za-z-]+)([ \t]+)\S/.exec(value) : null;
    return scheme ? `${scheme[1]}${scheme[2]}${this.#marker}` : this.#marker;
  }

  #redactSecrets(s: string, pattern: RegExp | undefined): string {
    if (!pattern) return s;
    let out = s;
    for (let pass = 0; pass < MAX_PASSES; pass++) {
      pattern.lastIndex = 0;
      if (!pattern.test(out)) return out;
      out = out.replace(pattern, this.#marker);
    }
    pattern.lastIndex = 0;
    return pattern.test(out) ? this.#marker : out;
  }
}
