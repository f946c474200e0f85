// Strict reading of a status line and field lines (RFC 9112 §4, §5). Lenient clients
// accept bare LF, obs-fold or a space before the colon; a conformance harness must not,
// because exactly these are where two parsers disagree about where a message ends.

import { excerpt } from './escape-bytes.ts';
import { FramingCode, FramingError } from './http-errors.ts';
import type { HeaderLines } from './parsed-response.ts';

export type Step<T> = { kind: 'incomplete' } | { kind: 'error'; error: FramingError } | ({ kind: 'ok'; end: number } & T);

export interface Head {
  httpVersion: string;
  statusCode: number;
  reason: string;
  headers: HeaderLines;
}

const CR = 0x0d;
const LF = 0x0a;
const STATUS_PREFIX = Buffer.from('HTTP/1.', 'latin1');
const TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
export const INCOMPLETE = { kind: 'incomplete' } as const;

export function fail(code: FramingError['code'], message: string, offset: number): { kind: 'error'; error: FramingError } {
  return { kind: 'error', error: new FramingError(code, message, offset) };
}

/**
 * The CRLF-terminated line at `start`: its content ends at `contentEnd`, the next line
 * starts at `end`. A bare LF or a CR not followed by LF is an error with `code`.
 */
export function readLine(buf: Buffer, start: number, code: FramingError['code'], what: string): Step<{ contentEnd: number }> {
  const lf = buf.indexOf(LF, start);
  const scanEnd = lf === -1 ? buf.length : lf;
  const cr = buf.indexOf(CR, start);
  if (cr !== -1 && cr < scanEnd - 1) {
    return fail(code, `bare CR at offset ${cr} in ${what} (a CR must be followed by LF)`, cr);
  }
  if (lf === -1) return INCOMPLETE;
  if (lf === start || buf[lf - 1] !== CR) {
    return fail(code, `bare LF at offset ${lf} ending ${what} (line ends must be CRLF, RFC 9112 §2.2)`, lf);
  }
  return { kind: 'ok', contentEnd: lf - 1, end: lf + 1 };
}

function checkStatusPrefix(buf: Buffer, start: number): { kind: 'error'; error: FramingError } | undefined {
  const n = Math.min(STATUS_PREFIX.length, buf.length - start);
  for (let i = 0; i < n; i++) {
    if (buf[start + i] !== STATUS_PREFIX[i]) {
      return fail(FramingCode.statusLine,
        `expected a status line starting with "HTTP/1." at offset ${start} but found ${excerpt(buf, start)}`, start);
    }
  }
  return undefined;
}

/** The first control character other than HTAB, as `0xNN` (RFC 9110 §5.5: never valid in a field value). */
function firstControl(s: string): string | undefined {
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if ((c < 0x20 && c !== 0x09) || c === 0x7f) return `0x${c.toString(16).padStart(2, '0')}`;
  }
  return undefined;
}

function parseStatusLine(line: string, offset: number): Step<Omit<Head, 'headers'>> {
  const bad = (why: string) => fail(FramingCode.statusLine,
    `malformed status line at offset ${offset}: ${why}; got ${JSON.stringify(line.slice(0, 80))} (expected "HTTP/1.x SP 3DIGIT SP reason")`, offset);
  const m = /^HTTP\/1\.(\d)( ?)(\d*)( ?)(.*)$/s.exec(line);
  if (!m) return bad('the version is not HTTP/1.x');
  const [, minor = '', sp1, code = '', sp2, reason = ''] = m;
  if (sp1 !== ' ') return bad('no single space after the HTTP version');
  if (!/^\d{3}$/.test(code)) return bad('the status code is not 3 digits');
  const statusCode = Number(code);
  if (statusCode < 100 || statusCode > 599) return bad(`status code ${code} is outside 100-599`);
  if (sp2 !== ' ') return bad('no space after the status code (required even when the reason phrase is empty)');
  const ctl = firstControl(reason);
  if (ctl !== undefined) return bad(`control character ${ctl} in the reason phrase`);
  return { kind: 'ok', end: 0, httpVersion: `1.${minor}`, statusCode, reason };
}

function parseFieldLine(line: string, offset: number, what: string): Step<{ field: readonly [string, string] }> {
  const bad = (why: string) => fail(FramingCode.header,
    `malformed ${what} line at offset ${offset}: ${why}; got ${JSON.stringify(line.slice(0, 80))}`, offset);
  const colon = line.indexOf(':');
  if (colon === -1) return bad('no colon');
  const name = line.slice(0, colon);
  if (name === '') return bad('empty field name');
  if (/[ \t]$/.test(name)) return bad('whitespace between the field name and the colon (RFC 9112 §5.1 requires rejecting it)');
  if (!TOKEN.test(name)) return bad('the field name is not a token');
  const value = line.slice(colon + 1).replace(/^[ \t]+|[ \t]+$/g, '');
  const ctl = firstControl(value);
  if (ctl !== undefined) return bad(`control character ${ctl} in the value of ${name}`);
  return { kind: 'ok', end: 0, field: [name, value] };
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
    const line = readLine(buf, pos, FramingCode.header, `a ${what} line`);
    if (line.kind !== 'ok') return line;
    if (line.contentEnd === pos) return { kind: 'ok', end: line.end, fields };
    const text = buf.toString('latin1', pos, line.contentEnd);
    if (text.startsWith(' ') || text.startsWith('\t')) {
      const why = fields.length === 0 && afterStartLine
        ? 'whitespace at the start of the first header line, directly after the status line (RFC 9112 §2.2)'
        : `obs-fold: a ${what} value continued on a line starting with whitespace (RFC 9112 §5.2 forbids sending it)`;
      return fail(FramingCode.header, `malformed ${what} line at offset ${pos}: ${why}; got ${JSON.stringify(text.slice(0, 80))}`, pos);
    }
    const parsed = parseFieldLine(text, pos, what);
    if (parsed.kind !== 'ok') return parsed;
    fields.push(parsed.field);
    pos = line.end;
  }
}

/** Status line and header section at `start`; `maxHeadBytes` bounds how long an unfinished head may grow. */
export function parseHead(buf: Buffer, start: number, maxHeadBytes: number): Step<Head> {
  const prefix = checkStatusPrefix(buf, start);
  if (prefix) return prefix;
  const line = readLine(buf, start, FramingCode.statusLine, 'the status line');
  if (line.kind === 'error') return line;
  const tooLarge = () => fail(FramingCode.headTooLarge,
    `the header section starting at offset ${start} exceeds ${maxHeadBytes} bytes without ending in an empty line`, start);
  if (line.kind === 'incomplete') return buf.length - start > maxHeadBytes ? tooLarge() : INCOMPLETE;
  const status = parseStatusLine(buf.toString('latin1', start, line.contentEnd), start);
  if (status.kind !== 'ok') return status;
  const fields = parseFieldLines(buf, line.end, 'header', true);
  if (fields.kind === 'error') return fields;
  if (fields.kind === 'incomplete') return buf.length - start > maxHeadBytes ? tooLarge() : INCOMPLETE;
  if (fields.end - start > maxHeadBytes) return tooLarge();
  const { httpVersion, statusCode, reason } = status;
  return { kind: 'ok', end: fields.end, httpVersion, statusCode, reason, headers: fields.fields };
}
