import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatEtag, parseIfMatch } from './etag.ts';
import { returnPreference } from './prefer.ts';
import { isJsonMediaType } from './media-type.ts';

describe('parseIfMatch', () => {
  it('reads *, a list of strong tags, and ignores weak or foreign ones', () => {
    expect(parseIfMatch(undefined)).toBeUndefined();
    expect(parseIfMatch('*')).toEqual({ kind: 'any' });
    expect(parseIfMatch('"v3"')).toEqual({ kind: 'versions', versions: [3] });
    expect(parseIfMatch(' "v1" , W/"v2", "x", "v0" ')).toEqual({ kind: 'versions', versions: [1, 0] });
    expect(parseIfMatch('"v99999999999"')).toEqual({ kind: 'versions', versions: [] });
    expect(parseIfMatch('"v01"')).toEqual({ kind: 'versions', versions: [] });
  });

  it('matches nothing for a malformed field', () => {
    for (const header of ['', 'v1', '"v1" "v2"', '"v1", garbage', '"v1']) {
      expect(parseIfMatch(header)).toEqual({ kind: 'versions', versions: [] });
    }
  });

  it('round-trips every version it formats (property)', () => {
    fc.assert(fc.property(fc.integer({ min: 0, max: 2_147_483_647 }), (version) => {
      expect(parseIfMatch(formatEtag(version))).toEqual({ kind: 'versions', versions: [version] });
    }));
  });
});

describe('returnPreference', () => {
  it('finds the return preference among others, first one wins', () => {
    expect(returnPreference(undefined)).toBeUndefined();
    expect(returnPreference('return=representation')).toBe('representation');
    expect(returnPreference('respond-async, RETURN=Minimal; foo=bar')).toBe('minimal');
    expect(returnPreference(['wait=5', 'return="minimal"'])).toBe('minimal');
    expect(returnPreference('return=minimal, return=representation')).toBe('minimal');
    expect(returnPreference('return=everything')).toBeUndefined();
  });
});

describe('isJsonMediaType', () => {
  it('accepts application/json with parameters in any case, and nothing else', () => {
    for (const type of ['application/json', 'application/json; charset=utf-8', ' APPLICATION/JSON ;x=y']) expect(isJsonMediaType(type)).toBe(true);
    for (const type of [undefined, '', 'text/plain', 'application/jsonp', 'application/problem+json', 'json']) expect(isJsonMediaType(type)).toBe(false);
  });
});
