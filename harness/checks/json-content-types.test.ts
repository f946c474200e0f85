// The one reading of "application/json" (json-content-types.ts): RFC 9110's words are
// quoted verbatim from docs/sources/, and the spellings the checks send are, by that
// grammar, application/json — the near misses are not.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { missingFragments, sourceText } from './basis-source.ts';
import { contentTypeRound, JSON_OTHER_SPELLINGS, JSON_WITH_CHARSET, NOT_QUITE_JSON_TYPES } from './json-content-types.ts';
import { JSON_MEDIA_TYPE_READING, MEDIA_TYPE_RULES } from './json-media-type-reading.ts';

// RFC 9110 §5.6.2 token, §5.6.3 OWS, §5.6.4 quoted-string, §5.6.6 parameters, §8.3.1 media-type.
const TOKEN = "[!#$%&'*+.^_`|~0-9A-Za-z-]+";
const QUOTED = '"(?:[\\t !#-\\[\\]-~\\x80-\\xff]|\\\\[\\t -~\\x80-\\xff])*"';
const MEDIA_TYPE = new RegExp(`^(${TOKEN})/(${TOKEN})((?:[ \\t]*;[ \\t]*(?:${TOKEN}=(?:${TOKEN}|${QUOTED}))?)*)$`);

/** type/subtype of a media type (lower case: §8.3.1), or undefined where the text is none. */
function mediaTypeOf(text: string): string | undefined {
  const match = MEDIA_TYPE.exec(text);
  return match ? `${match[1]}/${match[2]}`.toLowerCase() : undefined;
}

describe('the reading of application/json', () => {
  it('quotes RFC 9110 verbatim from docs/sources/', () => {
    for (const { source, quote } of MEDIA_TYPE_RULES) {
      const text = sourceText('', source);
      expect(text, source).toBeDefined();
      expect(missingFragments(quote, text?.text ?? ''), source).toEqual([]);
      expect(JSON_MEDIA_TYPE_READING).toContain(`${source} "${quote}"`);
    }
  });

  it('sends, as application/json, only spellings that are application/json by RFC 9110', () => {
    expect(mediaTypeOf('application/json')).toBe('application/json');
    for (const spelling of [JSON_WITH_CHARSET, ...JSON_OTHER_SPELLINGS]) expect(mediaTypeOf(spelling), spelling).toBe('application/json');
  });

  it('sends, as near misses, only other media types', () => {
    for (const type of NOT_QUITE_JSON_TYPES) {
      expect(mediaTypeOf(type), type).toBeDefined();
      expect(mediaTypeOf(type), type).not.toBe('application/json');
    }
  });
});

describe('the generated family of WH-SIG-19', () => {
  const rounds = fc.sample(contentTypeRound(), { seed: 20261121, numRuns: 400 });
  const cases = rounds.flat();

  it('holds only media types, each application/json exactly where it says so (RFC 9110, parsed here on its own)', () => {
    for (const { header, isJson, family } of cases) {
      expect(mediaTypeOf(header), `${family}: ${JSON.stringify(header)}`).toBeDefined();
      expect(mediaTypeOf(header) === 'application/json', `${family}: ${JSON.stringify(header)}`).toBe(isJson);
    }
  });

  it('tries every family in every round, and varies what the reading allows: letter case, parameters, whitespace around ";"', () => {
    for (const round of rounds) expect(new Set(round.map((c) => c.family)).size).toBe(4);
    const json = cases.filter((c) => c.isJson).map((c) => c.header);
    expect(json.some((h) => h.startsWith('application/json') && h !== 'application/json')).toBe(true);
    expect(json.some((h) => /^[A-Z]/.test(h))).toBe(true);
    expect(json.some((h) => h.includes('\t;') || h.includes(';\t'))).toBe(true);
    expect(json.some((h) => /;\s*charset="utf-8"/i.test(h))).toBe(true);
    expect(json.some((h) => /;\s*[^c\s][^=]*="[^"]*;/.test(h))).toBe(true);
  });

  it('holds the structured suffixes a framework may take as JSON (Flask\'s is_json: application/*+json), and look-alikes of both tokens', () => {
    const others = cases.filter((c) => !c.isJson).map((c) => c.header.split(';')[0]?.trim().toLowerCase() ?? '');
    expect(others).toContain('application/cloudevents+json');
    expect(others).toContain('application/vnd.api+json');
    expect(others.filter((t) => /^application\/[^;]*\+json$/.test(t)).length).toBeGreaterThan(300);
    expect(others).toContain('text/json');
    expect(others).toContain('application/jsonp');
  });
});
