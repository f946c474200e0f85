// The chunked transfer coding (RFC 9112 §7.1), decoded strictly: a size line that is
// not hex, an extension that is not `;name[=value]`, or chunk data not followed by
// exactly CRLF means the two sides disagree about where the body ends.

import { excerpt } from './escape-bytes.ts';
import { fail, INCOMPLETE, parseFieldLines, readLine } from './head-parser.ts';
import type { Step } from './head-parser.ts';
import { FramingCode } from './http-errors.ts';
import type { HeaderLines } from './parsed-response.ts';

const CRLF = Buffer.from('\r\n', 'latin1');
// A size line longer than this with no LF is not a size line.
const MAX_SIZE_LINE = 4096;
// 2^52: beyond this a chunk size cannot be represented exactly.
const MAX_HEX_DIGITS = 13;
// chunk-ext = *( BWS ";" BWS ext-name [ BWS "=" BWS ext-val ] ), ext-val = token / quoted-string
const TOKEN = "[!#$%&'*+.^_`|~0-9A-Za-z-]+";
const QUOTED = '"(?:[\\t \\x21\\x23-\\x5b\\x5d-\\x7e\\x80-\\xff]|\\\\[\\t \\x21-\\x7e\\x80-\\xff])*"';
const CHUNK_EXT = new RegExp(`^(?:[ \\t]*;[ \\t]*${TOKEN}(?:[ \\t]*=[ \\t]*(?:${TOKEN}|${QUOTED}))?)*$`);

export interface ChunkedBody {
  body: Buffer;
  trailers: HeaderLines;
}

function parseSizeLine(buf: Buffer, start: number): Step<{ size: number }> {
  const line = readLine(buf, start, FramingCode.chunk, 'a chunk size line');
  if (line.kind === 'incomplete') {
    return buf.length - start > MAX_SIZE_LINE
      ? fail(FramingCode.chunk, `chunk size line at offset ${start} exceeds ${MAX_SIZE_LINE} bytes without ending`, start)
      : INCOMPLETE;
  }
  if (line.kind === 'error') return line;
  const text = buf.toString('latin1', start, line.contentEnd);
  const digits = /^[0-9A-Fa-f]*/.exec(text)?.[0] ?? '';
  const bad = (why: string) => fail(FramingCode.chunk,
    `malformed chunk size line at offset ${start}: ${why}; got ${excerpt(buf, start, 40)}`, start);
  if (digits === '') return bad('it does not start with a hexadecimal chunk size');
  if (digits.replace(/^0+/, '').length > MAX_HEX_DIGITS) return bad('the chunk size is too large');
  if (!CHUNK_EXT.test(text.slice(digits.length))) return bad('what follows the size is not a valid chunk extension');
  return { kind: 'ok', end: line.end, size: Number.parseInt(digits, 16) };
}

/** What is known of a chunked body being read: complete chunks are not read again when more bytes arrive. */
export interface ChunkedProgress {
  /** start and end offsets of the data of each complete chunk */
  chunks: (readonly [number, number])[];
  /** where the first chunk not yet complete starts */
  next: number;
}

/**
 * The chunked body starting at `start` (just after the header section). With `progress`
 * kept between calls for the same `start`, each call reads only chunks that were not
 * complete before: a body of many small chunks costs its length, not its length squared.
 */
export function readChunkedBody(buf: Buffer, start: number, progress: ChunkedProgress = { chunks: [], next: start }): Step<ChunkedBody> {
  const { chunks } = progress;
  for (;;) {
    const pos = progress.next;
    const sizeLine = parseSizeLine(buf, pos);
    if (sizeLine.kind !== 'ok') return sizeLine;
    if (sizeLine.size === 0) {
      const trailers = parseFieldLines(buf, sizeLine.end, 'trailer', false);
      if (trailers.kind !== 'ok') return trailers;
      return { kind: 'ok', end: trailers.end, body: Buffer.concat(chunks.map(([from, to]) => buf.subarray(from, to))), trailers: trailers.fields };
    }
    const dataEnd = sizeLine.end + sizeLine.size;
    const available = Math.min(CRLF.length, Math.max(0, buf.length - dataEnd));
    // Check the terminator bytes already received, so a wrong one fails without waiting.
    if (!buf.subarray(dataEnd, dataEnd + available).equals(CRLF.subarray(0, available))) {
      return fail(FramingCode.chunk,
        `chunk data of ${sizeLine.size} bytes at offset ${sizeLine.end} is not followed by CRLF; found ${excerpt(buf, dataEnd)} at offset ${dataEnd}`,
        dataEnd);
    }
    if (available < CRLF.length) return INCOMPLETE;
    chunks.push([sizeLine.end, dataEnd]);
    progress.next = dataEnd + CRLF.length;
  }
}
