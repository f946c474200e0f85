// The evidence of a failed check: the exact bytes that went each way, readable by a
// person. Redaction happens in `record`, so an unredacted byte is never held here and
// cannot leak through any later use of the transcript.

import { performance } from 'node:perf_hooks';
import { escapeBytes } from './escape-bytes.ts';
import { escapeControls } from './escape-controls.ts';
import type { ByteRange } from './framing-fault.ts';
import type { Redactor } from './redactor.ts';

/**
 * The prefix of received bytes that belong to no response (stray bytes: a body after a
 * 204, a CRLF too many), on lines of their own. Every line's prefix is the harness's,
 * never the target's (a line break the target sends starts a new prefixed line), so a
 * target cannot make its bytes look stray or not; report.html marks these lines.
 */
export const STRAY_PREFIX = '<<! ';

export interface TranscriptExchange {
  readonly kind: 'exchange';
  readonly url: string;
  /** bytes sent, redacted */
  readonly sent: Buffer;
  /** bytes received, redacted */
  readonly received: Buffer;
  /** where in `received` the bytes that belong to no response are */
  readonly stray?: ByteRange;
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

/** Lines of `bytes` (which start at `base` of the direction), the part inside `stray` with the stray prefix. */
function markedLines(prefix: string, bytes: Buffer, base: number, stray: ByteRange | undefined): string[] {
  if (!stray) return lines(prefix, bytes);
  const from = Math.min(Math.max(stray.from - base, 0), bytes.length);
  const to = Math.min(Math.max(stray.to - base, from), bytes.length);
  return [...lines(prefix, bytes.subarray(0, from)), ...lines(STRAY_PREFIX, bytes.subarray(from, to)), ...lines(prefix, bytes.subarray(to))];
}

/** One direction of an exchange; long byte runs keep their start and end with a cut marker between. */
function direction(prefix: string, bytes: Buffer, max: number, empty: string, stray?: ByteRange): string[] {
  if (bytes.length === 0) return [`${prefix}${empty}`];
  if (bytes.length <= max) return markedLines(prefix, bytes, 0, stray);
  // The head shows framing and headers; the tail shows what a server left at the end (stray bytes).
  const headLength = Math.ceil((max * 3) / 4);
  const tailLength = max - headLength;
  const cut = bytes.length - headLength - tailLength;
  return [
    ...markedLines(prefix, bytes.subarray(0, headLength), 0, stray),
    `${prefix}… [${cut} bytes cut] …`,
    ...markedLines(prefix, bytes.subarray(bytes.length - tailLength), bytes.length - tailLength, stray),
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
    ...direction('<<< ', entry.received, max, '(nothing received)', entry.stray),
  ].join('\n');
}

export class Transcript {
  readonly #redactor: Redactor;
  readonly #entries: TranscriptEntry[] = [];
  /** performance.now() when the last exchange was recorded: how long ago the target last answered. */
  #lastExchangeAt: number | undefined;

  constructor(redactor: Redactor) {
    this.#redactor = redactor;
  }

  get redactor(): Redactor {
    return this.#redactor;
  }

  get entries(): readonly TranscriptEntry[] {
    return this.#entries;
  }

  record(entry: { url: string; sent: Buffer; received: Buffer; stray?: ByteRange; note?: string }): void {
    const received = this.#redactor.redactBytes(entry.received);
    const stray = entry.stray && this.#redactedRange(entry.received, received, entry.stray);
    const redacted: TranscriptExchange = {
      kind: 'exchange',
      url: this.#redactor.redactText(entry.url),
      sent: this.#redactor.redactBytes(entry.sent),
      received,
      ...(stray ? { stray } : {}),
      ...(entry.note === undefined ? {} : { note: this.#redactor.redactText(entry.note) }),
    };
    this.#entries.push(redacted);
    this.#lastExchangeAt = performance.now();
  }

  /** performance.now() of the last exchange recorded, if any. */
  get lastExchangeAt(): number | undefined {
    return this.#lastExchangeAt;
  }

  /**
   * `range` of the raw bytes, in the redacted ones. Redaction is of the whole buffer (a
   * secret across the range's edge is redacted too); when it changed the bytes in a
   * way the range cannot follow, nothing is marked rather than the wrong bytes.
   */
  #redactedRange(raw: Buffer, redacted: Buffer, range: ByteRange): ByteRange | undefined {
    if (raw.equals(redacted)) return range;
    const before = this.#redactor.redactBytes(raw.subarray(0, range.from));
    const inside = this.#redactor.redactBytes(raw.subarray(range.from, range.to));
    const from = before.length;
    const to = from + inside.length;
    return redacted.subarray(0, from).equals(before) && redacted.subarray(from, to).equals(inside) ? { from, to } : undefined;
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
