import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { RedactorError } from './http-errors.ts';
import { Redactor } from './redactor.ts';

describe('Redactor: headers', () => {
  const redactor = new Redactor();

  it('keeps the scheme word of Authorization and Proxy-Authorization, in any case and spacing', () => {
    expect(redactor.redactText('GET / HTTP/1.1\r\nAuthorization: Bearer abc.def\r\n\r\n'))
      .toBe('GET / HTTP/1.1\r\nAuthorization: Bearer [REDACTED]\r\n\r\n');
    expect(redactor.redactText('proxy-authorization:Basic dXNlcjpwYXNz  \r\n')).toBe('proxy-authorization:Basic [REDACTED]  \r\n');
    expect(redactor.redactText('AUTHORIZATION: opaque-token-without-scheme')).toBe('AUTHORIZATION: [REDACTED]');
  });

  it.each(['Cookie', 'set-cookie', 'X-Webhook-Signature', 'x-api-key'])('replaces the whole value of %s', (name) => {
    expect(redactor.redactText(`HTTP/1.1 200 OK\r\n${name}: v=1; secret=2\r\nX-Other: kept\r\n`))
      .toBe(`HTTP/1.1 200 OK\r\n${name}: [REDACTED]\r\nX-Other: kept\r\n`);
  });

  it('redacts a value continued by obs-fold and one written with whitespace before the colon', () => {
    expect(redactor.redactText('Cookie: a=1\r\n  b=2\r\nX: y\r\n')).toBe('Cookie: [REDACTED]\r\n  [REDACTED]\r\nX: y\r\n');
    expect(redactor.redactText('Cookie : a=1\r\n')).toBe('Cookie : [REDACTED]\r\n');
  });

  it('adds configured headers to the defaults, never removes a default', () => {
    const custom = new Redactor({ headers: ['X-Session'] });
    expect(custom.redactText('x-session: s1\nCookie: c\nX-Other: o')).toBe('x-session: [REDACTED]\nCookie: [REDACTED]\nX-Other: o');
  });

  it('redacts header values in bytes and leaves bytes that are not UTF-8 intact', () => {
    const input = Buffer.concat([Buffer.from('Set-Cookie: id=1\r\n\r\n'), Buffer.from([0xff, 0xfe, 0x00])]);
    expect(redactor.redactBytes(input)).toEqual(Buffer.concat([Buffer.from('Set-Cookie: [REDACTED]\r\n\r\n'), Buffer.from([0xff, 0xfe, 0x00])]));
  });
});

describe('Redactor: secrets', () => {
  it('replaces every occurrence of every secret, also in URL-encoded and JSON-escaped form', () => {
    const redactor = new Redactor({ secrets: ['whsec_1', 'p@ss/"wörd"'] });
    expect(redactor.redactText('a whsec_1 b whsec_1whsec_1 c')).toBe('a [REDACTED] b [REDACTED][REDACTED] c');
    expect(redactor.redactText('/?k=p%40ss%2F%22w%C3%B6rd%22 {"k":"p@ss/\\"wörd\\""}')).toBe('/?k=[REDACTED] {"k":"[REDACTED]"}');
  });

  it('matches secrets in bytes through their UTF-8 encoding', () => {
    const redactor = new Redactor({ secrets: ['clé-secrète'] });
    const out = redactor.redactBytes(Buffer.from('{"key":"clé-secrète"}\xff', 'utf8'));
    expect(out.toString('utf8')).toBe('{"key":"[REDACTED]"}\xff');
  });

  it('ignores empty or missing secrets and refuses secrets shorter than 4 characters', () => {
    expect(new Redactor({ secrets: ['', undefined] }).redactText('plain')).toBe('plain');
    expect(() => new Redactor({ secrets: ['abc'] })).toThrow(RedactorError);
    expect(() => new Redactor({ secrets: ['abc'] })).toThrow(/3 characters is too short/);
  });

  it('uses a short marker when a secret is part of the word [REDACTED] itself', () => {
    const redactor = new Redactor({ secrets: ['EDAC'] });
    const out = redactor.redactText('xEDACx\nAuthorization: Bearer t');
    expect(out).toBe('x[R]x\nAuthorization: Bearer [R]');
  });

  it('redacts a secret that a replacement re-creates at the edge of the marker', () => {
    // One pass turns "]abcabc" into "[REDACTED]abc", which spells "]abc" again.
    const out = new Redactor({ secrets: [']abc'] }).redactText(']abcabc');
    expect(out).not.toContain(']abc');
    expect(out).toBe('[REDACTED[REDACTED]');
  });

  it('(d) never lets a secret through, for any secret and any text containing it', () => {
    const secret = fc.oneof(fc.string({ minLength: 4, maxLength: 12 }), fc.string({ unit: 'binary', minLength: 4, maxLength: 12 }),
      fc.string({ unit: fc.constantFrom('[', ']', 'R', 'E', 'D', 'A', 'C', 'T', 'x'), minLength: 4, maxLength: 8 }),
      // Secrets inside the marker, or starting with its end, are where a naive redactor re-creates them.
      fc.tuple(fc.nat({ max: 6 }), fc.integer({ min: 4, max: 10 })).map(([start, length]) => '[REDACTED]'.slice(start, start + length))
        .filter((s) => s.length >= 4),
      fc.tuple(fc.integer({ min: 1, max: 4 }), fc.string({ minLength: 3, maxLength: 5 })).map(([n, rest]) => '[REDACTED]'.slice(-n) + rest));
    const text = fc.array(fc.oneof(fc.string({ maxLength: 10 }), fc.constantFrom('[REDACTED]', 'Authorization: Bearer ', '\r\n', '%', ']')), { maxLength: 6 });
    fc.assert(fc.property(fc.array(secret, { minLength: 1, maxLength: 3 }), text, fc.nat(), (secrets, parts, at) => {
      const withSecrets = [...parts];
      for (const [i, s] of secrets.entries()) withSecrets.splice((at + i) % (withSecrets.length + 1), 0, s, s);
      const input = withSecrets.join('');
      const redactor = new Redactor({ secrets });
      const asText = redactor.redactText(input);
      const asBytes = redactor.redactBytes(Buffer.from(input, 'utf8'));
      for (const s of secrets) {
        expect(asText.includes(s)).toBe(false);
        expect(asBytes.includes(Buffer.from(s, 'utf8'))).toBe(false);
      }
    }), { numRuns: 500 });
  });
});
