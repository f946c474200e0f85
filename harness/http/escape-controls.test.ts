// Properties of the one escaping rule every output of the harness goes through: no
// control character survives it, it changes nothing else, it can be applied again
// without harm, and what it escapes can be read back. fast-check prints the seed and
// the shrunk counterexample of a failure; replay with fc.assert(..., { seed, path }).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { escapeBytes, shownLength } from './escape-bytes.ts';
import { escapeControls, mustEscape } from './escape-controls.ts';

/** The forbidden set as the issue states it, written apart from `mustEscape`, which is a superset. */
function forbidden(cp: number): boolean {
  return cp <= 0x1f || (cp >= 0x7f && cp <= 0x9f) || cp === 0x2028 || cp === 0x2029
    || (cp >= 0x202a && cp <= 0x202e) || (cp >= 0x2066 && cp <= 0x2069);
}

const codePoints = (text: string) => [...text].map((ch) => ch.codePointAt(0) ?? 0);

/** Text as a target could send it: any code point, lone surrogates, controls and the escape syntax itself, often. */
const hostileText = fc.array(fc.oneof(
  fc.integer({ min: 0, max: 0x10ffff }).map((cp) => String.fromCodePoint(cp)),
  fc.integer({ min: 0, max: 0xffff }).map((unit) => String.fromCharCode(unit)),
  fc.constantFrom('\x1b', '\r', '\n', '\t', '\x00', '\x07', '\x7f', '\u0085', '\u009b', '\u202e', '\u2066', '\u2028', '\u2029', '\ufeff', '\ud800'),
  fc.constantFrom('\\', 'x', 'u', '{', '}', '1', 'b', '[', '2J', 'é', '😀'),
)).map((parts) => parts.join(''));

/** Reads an escape back: the inverse of escapeControls on text that held no backslash. */
function unescape(text: string): string {
  const named: Record<string, string> = { t: '\t', n: '\n', r: '\r' };
  return text.replace(/\\(?:([tnr])|x([0-9a-f]{2})|u([0-9A-F]{4}))/g, (_, name?: string, hex?: string, code?: string) => (
    name ? (named[name] ?? '') : hex ? String.fromCharCode(parseInt(hex, 16)) : String.fromCodePoint(parseInt(code ?? '0', 16))));
}

/**
 * Reads escapeBytes back to the bytes, as a person would: `\\` a backslash, `\t` `\n` `\r`,
 * `\xNN` (lower-case) one byte that is a control or not UTF-8, `\uNNNN` (upper-case) the
 * UTF-8 of a character escapeControls escapes (a surrogate has none: its bytes show as
 * `\xNN`); any other backslash is the byte itself.
 */
function unescapeBytes(text: string): Buffer {
  const parts: Buffer[] = [];
  const named: Record<string, number> = { t: 0x09, n: 0x0a, r: 0x0d, '\\': 0x5c };
  let i = 0;
  while (i < text.length) {
    const rest = text.slice(i);
    const x = /^\\x([0-9a-f]{2})/.exec(rest);
    const byte = x ? parseInt(x[1] ?? '', 16) : -1;
    const u = /^\\u([0-9A-F]{4})/.exec(rest);
    const cp = u ? parseInt(u[1] ?? '', 16) : -1;
    if (rest[0] === '\\' && named[rest[1] ?? ''] !== undefined) {
      parts.push(Buffer.from([named[rest[1] ?? ''] ?? 0]));
      i += 2;
    } else if (x && (byte >= 0x80 || (byte < 0x20 && ![0x09, 0x0a, 0x0d].includes(byte)))) {
      parts.push(Buffer.from([byte]));
      i += 4;
    } else if (u && cp >= 0x20 && !(cp >= 0xd800 && cp <= 0xdfff) && mustEscape(cp)) {
      parts.push(Buffer.from(String.fromCodePoint(cp), 'utf8'));
      i += 6;
    } else {
      const ch = String.fromCodePoint(rest.codePointAt(0) ?? 0);
      parts.push(Buffer.from(ch, 'utf8'));
      i += ch.length;
    }
  }
  return Buffer.concat(parts);
}

describe('escapeControls', () => {
  it('shows a terminal attack as the characters it is made of', () => {
    expect(escapeControls('\x1b[2J\x1b]0;pwned\x07 a\rb\u009b31m \u202eevil\u2069 \u2028\x00\x7f\t\n'))
      .toBe('\\x1b[2J\\x1b]0;pwned\\x07 a\\rb\\u009B31m \\u202Eevil\\u2069 \\u2028\\x00\\u007F\\t\\n');
    expect(escapeControls('line one\r\nline two\n', { keepNewlines: true })).toBe('line one\\r\nline two\n');
    expect(escapeControls('é€😀 <b>&amp; \\x1b')).toBe('é€😀 <b>&amp; \\x1b');
    expect(escapeControls('\ud800 \udc00 \ud83d\ude00')).toBe('\\uD800 \\uDC00 😀');
  });

  it('lets no forbidden code point through, whatever the text', () => {
    fc.assert(fc.property(hostileText, (text) => {
      const shown = codePoints(escapeControls(text));
      expect(shown.filter(forbidden)).toEqual([]);
      expect(shown.filter(mustEscape)).toEqual([]);
    }), { numRuns: 2000 });
  });

  it('keeps LF as a line break when asked, and escapes every other control all the same', () => {
    fc.assert(fc.property(hostileText, (text) => {
      const shown = escapeControls(text, { keepNewlines: true });
      expect(codePoints(shown).filter((cp) => cp !== 0x0a && (forbidden(cp) || mustEscape(cp)))).toEqual([]);
      expect(shown.split('\n').length).toBe(text.split('\n').length);
      expect(escapeControls(shown)).toBe(escapeControls(text));
    }), { numRuns: 1000 });
  });

  it('changes nothing in text that holds no control', () => {
    // Any code point but those it escapes (fc.string's 'binary' unit is as wide, but slow to build).
    const printable = fc.array(fc.integer({ min: 0, max: 0x10ffff }).filter((cp) => !mustEscape(cp)), { maxLength: 64 })
      .map((cps) => String.fromCodePoint(...cps));
    fc.assert(fc.property(printable, (text) => {
      expect(escapeControls(text)).toBe(text);
    }), { numRuns: 1000 });
  });

  it('is idempotent: a reason escaped where it is made comes out of every sink unchanged', () => {
    fc.assert(fc.property(hostileText, (text) => {
      const once = escapeControls(text);
      expect(escapeControls(once)).toBe(once);
      expect(escapeControls(once, { keepNewlines: true })).toBe(once);
    }), { numRuns: 1000 });
  });

  it('can be read back when the text held no backslash, so distinct such texts never read alike', () => {
    const noBackslash = hostileText.map((text) => text.replaceAll('\\', '/'));
    fc.assert(fc.property(noBackslash, (text) => {
      expect(unescape(escapeControls(text))).toBe(text);
    }), { numRuns: 2000 });
    fc.assert(fc.property(noBackslash, noBackslash, (a, b) => {
      fc.pre(a !== b);
      expect(escapeControls(a)).not.toBe(escapeControls(b));
    }), { numRuns: 1000 });
  });
});

describe('escapeBytes', () => {
  const hostileBytes = fc.oneof(
    fc.uint8Array({ maxLength: 64 }),
    hostileText.map((text) => new Uint8Array(Buffer.from(text, 'utf8'))),
  );

  it('lets no forbidden code point through, and reads back to the very bytes (a backslash doubled only where it would read as an escape)', () => {
    fc.assert(fc.property(hostileBytes, (bytes) => {
      const shown = escapeBytes(bytes);
      expect(codePoints(shown).filter((cp) => forbidden(cp) || mustEscape(cp))).toEqual([]);
      expect(unescapeBytes(shown).equals(Buffer.from(bytes))).toBe(true);
      expect(escapeControls(shown)).toBe(shown);
    }), { numRuns: 2000 });
  });

  it('never shows two byte strings alike', () => {
    const escapeLike = fc.array(fc.constantFrom('\\', 'x', 'u', 'n', 'r', 't', '1', 'b', '0', '2', '0', '2', 'E', 'e', '"', '\n', '\x1b', '\u202e'), { maxLength: 12 })
      .map((parts) => new Uint8Array(Buffer.from(parts.join(''), 'utf8')));
    fc.assert(fc.property(fc.oneof(hostileBytes, escapeLike), fc.oneof(hostileBytes, escapeLike), (a, b) => {
      fc.pre(!Buffer.from(a).equals(Buffer.from(b)));
      expect(escapeBytes(a)).not.toBe(escapeBytes(b));
    }), { numRuns: 3000 });
  });

  it('shows a JSON body\'s escapes as they are on the wire, a single backslash where the wire has one', () => {
    const show = (text: string) => escapeBytes(Buffer.from(text, 'utf8'));
    expect(show('{"\\u0065vt":"a\\"b\\/c \\u00e9 \\uD83D\\uDE00"}')).toBe('{"\\u0065vt":"a\\"b\\/c \\u00e9 \\uD83D\\uDE00"}');
    // Where the text after a backslash would read as an escape of the harness's own, it is doubled.
    expect(show('\\n \\r \\t \\x1b \\xc3 \\u202E \\\\')).toBe('\\\\n \\\\r \\\\t \\\\x1b \\\\xc3 \\\\u202E \\\\\\');
    // What is not one stays single: \x41 (printable), \u202e (lower case: not how the harness writes it), a backslash at the end.
    expect(show('\\x41 \\u202e \\u0009 \\')).toBe('\\x41 \\u202e \\u0009 \\');
    expect(show('a\n\\\u202e')).toBe('a\\n\\\\\\u202E');
  });

  it('says at which column of its text a byte is shown', () => {
    expect(shownLength(Buffer.from('ab\r\ncd'), 4)).toBe(6);
    expect(shownLength(Buffer.from('é\\u0065x', 'utf8'), 3)).toBe(2);
    expect(shownLength(Buffer.from('\\n', 'utf8'), 1)).toBe(2);
    expect(shownLength(Buffer.from('é', 'utf8'), 1), 'inside a UTF-8 sequence: the column of the sequence').toBe(0);
  });
});
