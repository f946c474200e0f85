// Spellings of the JSON media type, and media types that only resemble it, for every
// system whose spec asks for application/json (webhook: WH-SIG-16/19/20; resource
// API: RA-INPUT-06/09 and the 415 checks). WH-SIG-19 sends a generated family of both
// (contentTypeRound), each case judged by what it is under the reading below.
//
// One reading for both: the webhook spec's "Must match `application/json`" and the
// resource API's "JSON bodies use `Content-Type: application/json`" name a media type,
// and RFC 9110 defines media-type syntax (MEDIA_TYPE_RULES, quoted verbatim). A type
// that is application/json by those rules — any letter case, any parameters, optional
// whitespace around ";" — is application/json: the charset parameter and the other
// spellings are held at one level in each system. RFC 8259 §11: application/json defines
// no charset parameter, and "adding one really has no effect on compliant recipients".
import fc from 'fast-check';

/** application/json with a parameter (RFC 9110 §8.3.1: parameters follow type and subtype). */
export const JSON_WITH_CHARSET = 'application/json; charset=utf-8';

/** application/json in other letter case and with a space before its parameter: RFC 9110 says the same type. */
export const JSON_OTHER_SPELLINGS: readonly string[] = [
  'Application/JSON',
  'application/json ; charset=UTF-8',
];

/**
 * Near misses: another media type under RFC 9110's own comparison, each one what a
 * receiver matching with startsWith, includes or a prefix would wrongly take as JSON.
 * The resource API's fixed list (RA-INPUT); no "+json" type is in it. The webhook's
 * WH-SIG-19 generates its cases instead (contentTypeRound), structured suffixes among them.
 */
export const NOT_QUITE_JSON_TYPES: readonly string[] = [
  'application/jsonp', //    a suffix
  'application/json-seq', // a neighbouring registered type (RFC 7464)
  'application/jso', //      a prefix
  'text/json', //            the same subtype under another type
  'application/x-json', //   a prefix on the subtype
];

// The generated family (WH-SIG-19). Every case is one media type by RFC 9110's grammar
// (json-content-types.test.ts proves it with a parser of its own), and what it is follows
// from how it was built: application/json spelled otherwise (letter case, parameters,
// whitespace around ";") is application/json; a structured suffix ("+json" on another
// subtype: application/cloudevents+json), another subtype that only resembles json, or
// another type with the subtype json is another media type — §8.3.1 compares the type and
// the subtype as whole tokens, case-insensitively, and nothing else.

export type MediaTypeFamily = 'application/json' | 'structured +json suffix' | 'look-alike subtype' | 'look-alike type';

export interface ContentTypeCase {
  readonly family: MediaTypeFamily;
  /** The Content-Type header's value, as sent. */
  readonly header: string;
  /** Whether the header names application/json under the reading above. */
  readonly isJson: boolean;
}

const TOKEN_UNIT = fc.constantFrom(...'abcdefghijklmnopqrstuvwxyz0123456789.-_'.split(''));
const token = (minLength: number, maxLength: number) => fc.string({ unit: TOKEN_UNIT, minLength, maxLength });

/** Letter case of a type or subtype token: as is, upper, or each letter either way. */
function recased(text: string): fc.Arbitrary<string> {
  return fc.oneof(
    fc.constant(text),
    fc.constant(text.toUpperCase()),
    fc.array(fc.boolean(), { minLength: text.length, maxLength: text.length })
      .map((upper) => [...text].map((c, i) => (upper[i] ? c.toUpperCase() : c)).join('')),
  );
}

/** OWS (RFC 9110 §5.6.3: spaces and horizontal tabs). */
const OWS = fc.constantFrom('', '', ' ', '  ', '\t', ' \t');

/** A quoted-string (§5.6.4) of visible characters, a ";" among them: a receiver reading up to the first ";" is not misled. */
const QUOTED_VALUE = fc.string({ unit: fc.constantFrom(...'ab z;,/=:.-'.split(''), '\\"'), maxLength: 8 }).map((inner) => `"${inner}"`);

/** A parameter (§5.6.6): charset=utf-8 in any letter case, quoted or not, another name=value, or none at all (";" alone). */
const PARAMETER = fc.oneof(
  fc.tuple(recased('charset'), fc.constantFrom('utf-8', 'UTF-8', '"utf-8"')).map(([name, value]) => `${name}=${value}`),
  fc.tuple(token(1, 8).filter((name) => name.toLowerCase() !== 'charset'), fc.oneof(token(1, 8), QUOTED_VALUE)).map(([name, value]) => `${name}=${value}`),
  fc.constant(''),
);

const PARAMETERS = fc.array(fc.tuple(OWS, OWS, PARAMETER), { maxLength: 3 })
  .map((parameters) => parameters.map(([before, after, parameter]) => `${before};${after}${parameter}`).join(''));

function mediaType(family: MediaTypeFamily, type: fc.Arbitrary<string>, subtype: fc.Arbitrary<string>): fc.Arbitrary<ContentTypeCase> {
  return fc.tuple(type.chain(recased), subtype.chain(recased), PARAMETERS)
    .map(([t, s, parameters]) => ({ family, header: `${t}/${s}${parameters}`, isJson: family === 'application/json' }));
}

const SUFFIXED = ['cloudevents', 'vnd.api', 'problem', 'merge-patch', 'json-patch', 'ld', 'geo', 'hal', 'vnd.github.v3', 'activity', 'json', 'x-json'];
const LOOK_ALIKE_SUBTYPES = ['jsonp', 'json-seq', 'jso', 'x-json', 'json5', 'jsonl', 'ndjson', 'geojson', 'json-patch', 'javascript', 'son', 'json.'];
const LOOK_ALIKE_TYPES = ['text', 'applications', 'application-x', 'x-application', 'app', 'aplication', 'applicatio', 'multipart', 'json', '*'];

/** Another subtype than json: a known look-alike, json with a prefix or a suffix, or json cut short. */
const lookAlikeSubtype = fc.oneof(
  fc.constantFrom(...LOOK_ALIKE_SUBTYPES),
  token(1, 4).map((prefix) => `${prefix}json`),
  token(1, 4).map((suffix) => `json${suffix}`),
  fc.constantFrom('j', 'js', 'jso', 'son', 'on'),
).filter((subtype) => subtype.toLowerCase() !== 'json');

/** Another type than application: a known look-alike, or application with a letter dropped or added. */
const lookAlikeType = fc.oneof(
  fc.constantFrom(...LOOK_ALIKE_TYPES),
  fc.nat({ max: 10 }).map((at) => 'application'.slice(0, at) + 'application'.slice(at + 1)),
  fc.tuple(fc.nat({ max: 11 }), token(1, 1)).map(([at, extra]) => 'application'.slice(0, at) + extra + 'application'.slice(at)),
).filter((type) => type.toLowerCase() !== 'application');

/** application/json spelled as RFC 9110 allows: any letter case, parameters, whitespace around ";". */
export const jsonSpelling = mediaType('application/json', fc.constant('application'), fc.constant('json'));
/** A structured suffix: "+json" on another subtype (RFC 6839 §3.1), such as application/cloudevents+json. */
export const structuredSuffix = mediaType('structured +json suffix', fc.constant('application'), fc.oneof(fc.constantFrom(...SUFFIXED), token(1, 12)).map((s) => `${s}+json`));
/** Another subtype under application that only resembles json. */
export const lookAlikeSubtypeType = mediaType('look-alike subtype', fc.constant('application'), lookAlikeSubtype);
/** Another type with the subtype json. */
export const lookAlikeTypeType = mediaType('look-alike type', lookAlikeType, fc.constant('json'));

/** One case of each family, in random order: every generated round tries each kind of media type. */
export function contentTypeRound(): fc.Arbitrary<ContentTypeCase[]> {
  return fc.tuple(jsonSpelling, structuredSuffix, lookAlikeSubtypeType, lookAlikeTypeType, fc.nat({ max: 23 }))
    .map(([a, b, c, d, order]) => {
      const cases = [a, b, c, d];
      const shuffled: ContentTypeCase[] = [];
      // order (0..23) read as one of the 24 permutations of the four.
      let n = order;
      while (cases.length > 0) {
        shuffled.push(...cases.splice(n % cases.length, 1));
        n = Math.floor(n / (cases.length + 1));
      }
      return shuffled;
    });
}
