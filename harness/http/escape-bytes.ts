// Bytes shown to a person (transcripts, error messages) must be unambiguous: a reader has
// to see a stray CR, a NUL or a byte that is not UTF-8, and must not be fooled by
// characters that render invisibly or reorder text. So every byte that is not printable
// valid UTF-8 is shown as an escape (the code points escapeControls escapes, with the
// same escapes), and a literal backslash is doubled: distinct bytes never read alike.
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

/**
 * Printable form of `bytes`: printable ASCII and printable UTF-8 as is; `\\` for a
 * backslash; what escapeControls escapes as it does (`\r`, `\n`, `\t`, `\x1b`, `\u007F`,
 * `\u202E`); bytes that are not valid UTF-8 as `\xNN` (so `\x9b` is a lone byte 0x9B,
 * `\u009B` the character U+009B written in UTF-8).
 */
export function escapeBytes(bytes: Uint8Array): string {
  let out = '';
  let i = 0;
  while (i < bytes.length) {
    const b = bytes[i] ?? 0;
    if (b < 0x80) {
      out += b === 0x5c ? '\\\\' : mustEscape(b) ? escapeCodePoint(b) : String.fromCharCode(b);
      i += 1;
      continue;
    }
    const len = utf8SequenceLength(bytes, i);
    if (len === 0) {
      out += hex(b);
      i += 1;
      continue;
    }
    const ch = Buffer.from(bytes.subarray(i, i + len)).toString('utf8');
    const cp = ch.codePointAt(0) ?? 0;
    out += mustEscape(cp) ? escapeCodePoint(cp) : ch;
    i += len;
  }
  return out;
}

/** A short quoted excerpt of `bytes` from `start`, for error messages. */
export function excerpt(bytes: Uint8Array, start: number, max = 32): string {
  const end = Math.min(bytes.length, start + max);
  const more = bytes.length > end ? '…' : '';
  return `"${escapeBytes(bytes.subarray(start, end))}"${more}`;
}
