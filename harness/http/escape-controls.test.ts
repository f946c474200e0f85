// Properties of the one escaping rule every output of the harness goes through: no
// control character survives it, it changes nothing else, it can be applied again
// without harm, and what it escapes can be read back. fast-check prints the seed and
// the shrunk counterexample of a failure; replay with fc.assert(..., { seed, path }).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { escapeBytes } from './escape-bytes.ts';
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

/** Reads escapeBytes back to the bytes: `\\` a backslash, `\xNN` one byte, `\uNNNN` a code point's UTF-8. */
function unescapeBytes(text: string): Buffer {
  const parts: Buffer[] = [];
  const named: Record<string, number> = { t: 0x09, n: 0x0a, r: 0x0d, '\\': 0x5c };
  const pattern = /\\(?:([tnr\\])|x([0-9a-f]{2})|u([0-9A-F]{4}))|([^\\]+)/gu;
  for (const [, name, hex, code, plain] of text.matchAll(pattern)) {
    if (name) parts.push(Buffer.from([named[name] ?? 0]));
    else if (hex) parts.push(Buffer.from([parseInt(hex, 16)]));
    else if (code) parts.push(Buffer.from(String.fromCodePoint(parseInt(code, 16)), 'utf8'));
    else parts.push(Buffer.from(plain ?? '', 'utf8'));
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

  it('lets no forbidden code point through, and reads back to the very bytes (a backslash is doubled)', () => {
    fc.assert(fc.property(hostileBytes, (bytes) => {
      const shown = escapeBytes(bytes);
      expect(codePoints(shown).filter((cp) => forbidden(cp) || mustEscape(cp))).toEqual([]);
      expect(unescapeBytes(shown).equals(Buffer.from(bytes))).toBe(true);
      expect(escapeControls(shown)).toBe(shown);
    }), { numRuns: 2000 });
  });
});
