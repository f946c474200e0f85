// The evidence of a failed check: the exact bytes that went each way, readable by a
// person. Redaction happens in `record`, so an unredacted byte is never held here and
// cannot leak through any later use of the transcript.

import { escapeBytes } from './escape-bytes.ts';
import { escapeControls } from './escape-controls.ts';
import type { Redactor } from './redactor.ts';

export interface TranscriptExchange {
  readonly kind: 'exchange';
  readonly url: string;
  /** bytes sent, redacted */
  readonly sent: Buffer;
  /** bytes received, redacted */
  readonly received: Buffer;
  readonly note?: string;
}

export interface TranscriptNote {
  readonly kind: 'note';
  readonly text: string;
}

export type TranscriptEntry = TranscriptExchange | TranscriptNote;

export interface TranscriptTextOptions {
  /** bytes shown per direction of an entry before the middle is cut; default 8192 */
  maxBytesPerEntry?: number;
  /** only the last `last` entries (e.g. 1: the exchange that just failed) */
  last?: number;
}

const DEFAULT_MAX_BYTES = 8192;

/** `bytes` as lines with `prefix`, each ending in its visible `\r\n` or `\n`. */
function lines(prefix: string, bytes: Buffer): string[] {
  const out: string[] = [];
  let start = 0;
  while (start < bytes.length) {
    const lf = bytes.indexOf(0x0a, start);
    const end = lf === -1 ? bytes.length : lf + 1;
    out.push(prefix + escapeBytes(bytes.subarray(start, end)));
    start = end;
  }
  return out;
}

/** One direction of an exchange; long byte runs keep their start and end with a cut marker between. */
function direction(prefix: string, bytes: Buffer, max: number, empty: string): string[] {
  if (bytes.length === 0) return [`${prefix}${empty}`];
  if (bytes.length <= max) return lines(prefix, bytes);
  // The head shows framing and headers; the tail shows what a server left at the end (stray bytes).
  const headLength = Math.ceil((max * 3) / 4);
  const tailLength = max - headLength;
  const cut = bytes.length - headLength - tailLength;
  return [
    ...lines(prefix, bytes.subarray(0, headLength)),
    `${prefix}… [${cut} bytes cut] …`,
    ...lines(prefix, bytes.subarray(bytes.length - tailLength)),
  ];
}

/**
 * The text form of one entry: `>>> ` lines sent, `<<< ` lines received. A note is
 * text a check wrote, often quoting what a target answered: its line breaks stay
 * lines of the transcript, and every other control is shown escaped, as the bytes are.
 */
export function formatEntry(entry: TranscriptEntry, options: TranscriptTextOptions = {}): string {
  if (entry.kind === 'note') return entry.text.split('\n').map((l) => `### ${escapeControls(l)}`).join('\n');
  const max = Math.max(0, options.maxBytesPerEntry ?? DEFAULT_MAX_BYTES);
  return [
    `=== ${escapeControls(entry.url)}${entry.note === undefined ? '' : ` — ${escapeControls(entry.note)}`}`,
    ...direction('>>> ', entry.sent, max, '(nothing sent)'),
    ...direction('<<< ', entry.received, max, '(nothing received)'),
  ].join('\n');
}

export class Transcript {
  readonly #redactor: Redactor;
  readonly #entries: TranscriptEntry[] = [];

  constructor(redactor: Redactor) {
    this.#redactor = redactor;
  }

  get redactor(): Redactor {
    return this.#redactor;
  }

  get entries(): readonly TranscriptEntry[] {
    return this.#entries;
  }

  record(entry: { url: string; sent: Buffer; received: Buffer; note?: string }): void {
    const redacted: TranscriptExchange = {
      kind: 'exchange',
      url: this.#redactor.redactText(entry.url),
      sent: this.#redactor.redactBytes(entry.sent),
      received: this.#redactor.redactBytes(entry.received),
      ...(entry.note === undefined ? {} : { note: this.#redactor.redactText(entry.note) }),
    };
    this.#entries.push(redacted);
  }

  note(text: string): void {
    this.#entries.push({ kind: 'note', text: this.#redactor.redactText(text) });
  }

  /**
   * Every entry as text. Escaping can spell a secret that the raw bytes did not hold
   * (a secret `\x00ab` and a NUL byte), so the text is redacted once more.
   */
  toText(options: TranscriptTextOptions = {}): string {
    const { last } = options;
    const entries = last === undefined ? this.#entries : last <= 0 ? [] : this.#entries.slice(-last);
    return this.#redactor.redactText(entries.map((e) => formatEntry(e, options)).join('\n'));
  }
}
