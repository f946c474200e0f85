// Bytes shown to a person (transcripts, error messages) must be unambiguous: a reader has
// to see a stray CR, a NUL or a byte that is not UTF-8, and must not be fooled by
// characters that render invisibly or reorder text. So every byte that is not printable
// valid UTF-8 is shown as an escape (the code points escapeControls escapes, with the
// same escapes). A backslash the bytes hold is shown as it is — a JSON body's `\u0065` or
// `\"` reads as on the wire — and doubled only where what follows it would read as one
// of those escapes (`\\n` is the two bytes `\` `n`, `\n` a line feed): distinct bytes
// never read alike.
import { escapeCodePoint, mustEscape } from './escape-controls.ts';

function hex(byte: number): string {
  return `\\x${byte.toString(16).padStart(2, '0')}`;
}

/** Length of the valid UTF-8 sequence starting at `i`, or 0 when it is not one. */
function utf8SequenceLength(bytes: Uint8Array, i: number): number {
  const b0 = bytes[i] ?? 0;
  const len = b0 >= 0xc2 && b0 <= 0xdf ? 2 : b0 >= 0xe0 && b0 <= 0xef ? 3 : b0 >= 0xf0 && b0 <= 0xf4 ? 4 : 0;
  if (len === 0 || i + len > bytes.length) return 0;
  for (let k = 1; k < len; k++) {
    const b = bytes[i + k] ?? 0;
    if (b < 0x80 || b > 0xbf) return 0;
  }
  const b1 = bytes[i + 1] ?? 0;
  // Overlong forms, UTF-16 surrogates and code points above U+10FFFF are not UTF-8.
  if ((b0 === 0xe0 && b1 < 0xa0) || (b0 === 0xed && b1 > 0x9f)) return 0;
  if ((b0 === 0xf0 && b1 < 0x90) || (b0 === 0xf4 && b1 > 0x8f)) return 0;
  return len;
}

/** The text shown for one byte or UTF-8 sequence at `i`, and how many bytes it took (a backslash is `\`, decided in escapeBytes). */
function shownAt(bytes: Uint8Array, i: number): [string, number] {
  const b = bytes[i] ?? 0;
  if (b < 0x80) return [mustEscape(b) ? escapeCodePoint(b) : String.fromCharCode(b), 1];
  const len = utf8SequenceLength(bytes, i);
  if (len === 0) return [hex(b), 1];
  const ch = Buffer.from(bytes.subarray(i, i + len)).toString('utf8');
  const cp = ch.codePointAt(0) ?? 0;
  return [mustEscape(cp) ? escapeCodePoint(cp) : ch, len];
}

/**
 * Whether `after`, the text shown right after a backslash, would make the backslash
 * read as one of the escapes this module writes: `\\`, `\t`, `\n`, `\r`, `\xNN` of a
 * control or a byte that is not UTF-8 (lower-case hex), `\uNNNN` of a character
 * escapeControls escapes (upper-case hex; never a surrogate).
 */
export function readsAsEscape(after: string): boolean {
  if (/^[\\tnr]/.test(after)) return true;
  const x = /^x([0-9a-f]{2})/.exec(after);
  if (x) {
    const byte = parseInt(x[1] ?? '', 16);
    return byte >= 0x80 || (mustEscape(byte) && escapeCodePoint(byte) === `\\${x[0]}`);
  }
  const u = /^u([0-9A-F]{4})/.exec(after);
  if (!u) return false;
  const cp = parseInt(u[1] ?? '', 16);
  // A UTF-16 surrogate is never shown so: its bytes are not UTF-8, and show as \xNN.
  const surrogate = cp >= 0xd800 && cp <= 0xdfff;
  return !surrogate && mustEscape(cp) && escapeCodePoint(cp) === `\\${u[0]}`;
}

/** The longest escape after a backslash (`u` and four hex digits). */
const LOOKAHEAD = 5;

/**
 * Printable form of `bytes`: printable ASCII and printable UTF-8 as is; what
 * escapeControls escapes as it does (`\r`, `\n`, `\t`, `\x1b`, `\u007F`, `\u202E`);
 * bytes that are not valid UTF-8 as `\xNN` (so `\x9b` is a lone byte 0x9B, `\u009B` the
 * character U+009B written in UTF-8); a backslash as `\`, or `\\` where what follows it
 * would read as one of those escapes (readsAsEscape).
 */
export function escapeBytes(bytes: Uint8Array): string {
  return shownPieces(bytes).map((p) => p.text).join('');
}

/** What escapeBytes shows, piece by piece: each byte or UTF-8 sequence's text and the bytes it stands for. */
function shownPieces(bytes: Uint8Array): { readonly text: string; readonly end: number }[] {
  const pieces: { text: string; end: number }[] = [];
  for (let i = 0; i < bytes.length;) {
    const [text, length] = shownAt(bytes, i);
    i += length;
    pieces.push({ text, end: i });
  }
  return pieces.map(({ text, end }, k) => ({
    end, text: text === '\\' && readsAsEscape(pieces.slice(k + 1, k + 1 + LOOKAHEAD).map((p) => p.text).join('')) ? '\\\\' : text,
  }));
}

/** How many characters escapeBytes shows before the byte at `offset` (before the UTF-8 sequence holding it): its column. */
export function shownLength(bytes: Uint8Array, offset: number): number {
  return shownPieces(bytes).filter((p) => p.end <= offset).reduce((n, p) => n + [...p.text].length, 0);
}

/** A short quoted excerpt of `bytes` from `start`, for error messages. */
export function excerpt(bytes: Uint8Array, start: number, max = 32): string {
  const end = Math.min(bytes.length, start + max);
  const more = bytes.length > end ? '…' : '';
  return `"${escapeBytes(bytes.subarray(start, end))}"${more}`;
}
