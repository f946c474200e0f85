// Strict reading of a status line and field lines (RFC 9112 §4, §5). Lenient clients
// accept bare LF, obs-fold or a space before the colon; a conformance harness must not,
// because exactly these are where two parsers disagree about where a message ends.
//
// Each line is read byte by byte against its grammar and judged at its FIRST bad byte,
// as soon as that byte has arrived: a server that sends `HTTP/1.1 2x` and then stalls is
// reported for its status line, not for a timeout. A diagnosis names only bytes up to the
// bad one, so it is the same however the stream was cut into reads.

import { escapeBytes } from './escape-bytes.ts';
import { FramingCode, FramingError } from './http-errors.ts';
import type { HeaderLines } from './parsed-response.ts';

export type Step<T> = { kind: 'incomplete' } | { kind: 'error'; error: FramingError } | ({ kind: 'ok'; end: number } & T);

export interface Head {
  httpVersion: string;
  statusCode: number;
  reason: string;
  headers: HeaderLines;
}

type Failure = { kind: 'error'; error: FramingError };

const CR = 0x0d;
const LF = 0x0a;
const SP = 0x20;
const HTAB = 0x09;
const STATUS_PREFIX = Buffer.from('HTTP/1.', 'latin1');
// RFC 9110 §5.6.2 tchar, and the bytes a reason phrase or field value may hold (HTAB, SP, VCHAR, obs-text).
const TOKEN_RUN = /[!#$%&'*+.^_`|~0-9A-Za-z-]*/y;
const TEXT_RUN = /[\t\x20-\x7e\x80-\xff]*/y;
// A line is shown up to its bad byte, at most this many bytes of it.
const SHOWN = 80;
export const INCOMPLETE = { kind: 'incomplete' } as const;

export function fail(code: FramingError['code'], message: string, offset: number): Failure {
  return { kind: 'error', error: new FramingError(code, message, offset) };
}

/** The line at `lineStart` up to and including its bad byte at `bad`, quoted and escaped. */
function upTo(buf: Buffer, lineStart: number, bad: number): string {
  const from = Math.max(lineStart, bad + 1 - SHOWN);
  return `${from > lineStart ? '…' : ''}"${escapeBytes(buf.subarray(from, bad + 1))}"`;
}

function bareCr(code: FramingError['code'], cr: number, what: string): Failure {
  return fail(code, `bare CR at offset ${cr} in ${what} (a CR must be followed by LF)`, cr);
}

function bareLf(code: FramingError['code'], lf: number, what: string): Failure {
  return fail(code, `bare LF at offset ${lf} ending ${what} (line ends must be CRLF, RFC 9112 §2.2)`, lf);
}

/** The end of the line whose CR is at `cr`: after its LF; incomplete until the byte after the CR is in. */
function crlfEnd(buf: Buffer, cr: number, code: FramingError['code'], what: string): Step<object> {
  if (cr + 1 >= buf.length) return INCOMPLETE;
  return buf[cr + 1] === LF ? { kind: 'ok', end: cr + 2 } : bareCr(code, cr, what);
}

/** The bytes of the line at `start` received so far: up to its first LF, or all of them. */
function lineText(buf: Buffer, start: number): string {
  const lf = buf.indexOf(LF, start);
  return buf.toString('latin1', start, lf === -1 ? buf.length : lf + 1);
}

/**
 * The CRLF-terminated line at `start`: its content ends at `contentEnd`, the next line
 * starts at `end`. A bare LF or a CR not followed by LF is an error with `code`.
 */
export function readLine(buf: Buffer, start: number, code: FramingError['code'], what: string): Step<{ contentEnd: number }> {
  const lf = buf.indexOf(LF, start);
  const scanEnd = lf === -1 ? buf.length : lf;
  const cr = buf.indexOf(CR, start);
  if (cr !== -1 && cr < scanEnd - 1) return bareCr(code, cr, what);
  if (lf === -1) return INCOMPLETE;
  if (lf === start || buf[lf - 1] !== CR) return bareLf(code, lf, what);
  return { kind: 'ok', contentEnd: lf - 1, end: lf + 1 };
}

/** What is wrong with `byte` at position `i` (7 to 12) of a status line, in `HTTP/1.x SP 3DIGIT SP`. */
function statusByteFault(i: number, byte: number): string | undefined {
  const digit = byte >= 0x30 && byte <= 0x39;
  if (i === 7) return digit ? undefined : 'the version is not HTTP/1.x';
  if (i === 8) return byte === SP ? undefined : 'no single space after the HTTP version';
  if (i === 9 && digit && (byte < 0x31 || byte > 0x35)) return `a status code starting with ${String.fromCharCode(byte)} is outside 100-599`;
  if (i < 12) return digit ? undefined : 'the status code is not 3 digits';
  if (byte === SP) return undefined;
  if (digit) return 'the status code is not 3 digits';
  return byte === CR || byte === LF ? 'no space after the status code (required even when the reason phrase is empty)' : 'no space after the status code';
}

/** `HTTP/1.x SP 3DIGIT SP reason CRLF` at `start`. */
function parseStatusLine(buf: Buffer, start: number): Step<Omit<Head, 'headers'>> {
  const bad = (at: number, why: string) => fail(FramingCode.statusLine,
    `malformed status line at offset ${start}: ${why}; got ${upTo(buf, start, at)} (expected "HTTP/1.x SP 3DIGIT SP reason")`, start);
  for (let i = 0; i < STATUS_PREFIX.length; i++) {
    if (start + i >= buf.length) return INCOMPLETE;
    if (buf[start + i] !== STATUS_PREFIX[i]) {
      return fail(FramingCode.statusLine,
        `expected a status line starting with "HTTP/1." at offset ${start} but found ${upTo(buf, start, start + i)}`, start);
    }
  }
  for (let i = STATUS_PREFIX.length; i <= 12; i++) {
    if (start + i >= buf.length) return INCOMPLETE;
    const why = statusByteFault(i, buf[start + i] ?? 0);
    if (why !== undefined) return bad(start + i, why);
  }
  const text = lineText(buf, start);
  TEXT_RUN.lastIndex = 13;
  TEXT_RUN.test(text);
  const stop = TEXT_RUN.lastIndex;
  if (stop === text.length) return INCOMPLETE;
  const at = start + stop;
  if (buf[at] === LF) return bareLf(FramingCode.statusLine, at, 'the status line');
  if (buf[at] !== CR) return bad(at, `control character ${hex(buf[at])} in the reason phrase`);
  const end = crlfEnd(buf, at, FramingCode.statusLine, 'the status line');
  if (end.kind !== 'ok') return end;
  return { kind: 'ok', end: end.end, httpVersion: text.slice(5, 8), statusCode: Number(text.slice(9, 12)), reason: text.slice(13, stop) };
}

function hex(byte: number | undefined): string {
  return `0x${(byte ?? 0).toString(16).padStart(2, '0')}`;
}

/**
 * One field line at `start`: `field` is its name and value, or undefined for the empty
 * line that ends the section. `first` marks the line directly after a status line.
 */
function parseFieldLine(buf: Buffer, start: number, what: 'header' | 'trailer', first: boolean): Step<{ field?: readonly [string, string] }> {
  const line = `a ${what} line`;
  const bad = (at: number, why: string) => fail(FramingCode.header, `malformed ${what} line at offset ${start}: ${why}; got ${upTo(buf, start, at)}`, start);
  const text = lineText(buf, start);
  if (text === '') return INCOMPLETE;
  const lead = buf[start];
  if (lead === CR) return crlfEnd(buf, start, FramingCode.header, line);
  if (lead === LF) return bareLf(FramingCode.header, start, line);
  if (lead === SP || lead === HTAB) {
    return bad(start, first
      ? 'whitespace at the start of the first header line, directly after the status line (RFC 9112 §2.2)'
      : `obs-fold: a ${what} value continued on a line starting with whitespace (RFC 9112 §5.2 forbids sending it)`);
  }
  TOKEN_RUN.lastIndex = 0;
  TOKEN_RUN.test(text);
  const colon = TOKEN_RUN.lastIndex;
  if (colon === text.length) return INCOMPLETE;
  const stop = buf[start + colon];
  if (stop === SP || stop === HTAB) return bad(start + colon, 'whitespace between the field name and the colon (RFC 9112 §5.1 requires rejecting it)');
  if (stop === CR || stop === LF) return bad(start + colon, 'no colon');
  if (stop !== 0x3a) return bad(start + colon, 'the field name is not a token');
  if (colon === 0) return bad(start, 'empty field name');
  const name = text.slice(0, colon);
  TEXT_RUN.lastIndex = colon + 1;
  TEXT_RUN.test(text);
  const valueEnd = TEXT_RUN.lastIndex;
  if (valueEnd === text.length) return INCOMPLETE;
  const at = start + valueEnd;
  if (buf[at] === LF) return bareLf(FramingCode.header, at, line);
  if (buf[at] !== CR) return bad(at, `control character ${hex(buf[at])} in the value of ${name}`);
  const end = crlfEnd(buf, at, FramingCode.header, line);
  if (end.kind !== 'ok') return end;
  return { kind: 'ok', end: end.end, field: [name, text.slice(colon + 1, valueEnd).replace(/^[ \t]+|[ \t]+$/g, '')] };
}

/**
 * Field lines from `start` up to and including the empty line. `afterStartLine` says the
 * first line directly follows a status line, where leading whitespace is not obs-fold
 * but the RFC 9112 §2.2 "whitespace after the start line" attack.
 */
export function parseFieldLines(buf: Buffer, start: number, what: 'header' | 'trailer', afterStartLine: boolean): Step<{ fields: HeaderLines }> {
  const fields: (readonly [string, string])[] = [];
  let pos = start;
  for (;;) {
    const line = parseFieldLine(buf, pos, what, afterStartLine && fields.length === 0);
    if (line.kind !== 'ok') return line;
    if (line.field === undefined) return { kind: 'ok', end: line.end, fields };
    fields.push(line.field);
    pos = line.end;
  }
}

/** What is known of a head being read: complete lines are not read again when more bytes arrive. */
export interface HeadProgress {
  status: (Omit<Head, 'headers'> & { end: number }) | undefined;
  fields: (readonly [string, string])[];
  /** where the first line not yet complete starts */
  next: number;
}

/** Nothing of the head at `start` read yet. */
export function headProgress(start: number): HeadProgress {
  return { status: undefined, fields: [], next: start };
}

/**
 * Status line and header section at `start`. No byte past `maxHeadBytes` is examined, so
 * a head that does not end within them is too large however its bytes arrive. With
 * `progress` kept between calls for the same `start`, each call reads only lines that
 * were not complete before: a head trickling in costs its length, not its length squared.
 */
export function parseHead(buf: Buffer, start: number, maxHeadBytes: number, progress = headProgress(start)): Step<Head> {
  const view = buf.length - start > maxHeadBytes ? buf.subarray(0, start + maxHeadBytes) : buf;
  const unfinished = () => (view.length < buf.length
    ? fail(FramingCode.headTooLarge, `the header section starting at offset ${start} exceeds ${maxHeadBytes} bytes without ending in an empty line`, start)
    : INCOMPLETE);
  if (progress.status === undefined) {
    const status = parseStatusLine(view, start);
    if (status.kind === 'incomplete') return unfinished();
    if (status.kind === 'error') return status;
    progress.status = status;
    progress.next = status.end;
  }
  for (;;) {
    const line = parseFieldLine(view, progress.next, 'header', progress.fields.length === 0);
    if (line.kind === 'incomplete') return unfinished();
    if (line.kind === 'error') return line;
    if (line.field === undefined) {
      const { httpVersion, statusCode, reason } = progress.status;
      return { kind: 'ok', end: line.end, httpVersion, statusCode, reason, headers: progress.fields };
    }
    progress.fields.push(line.field);
    progress.next = line.end;
  }
}
