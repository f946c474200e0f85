// Spellings of the JSON media type, and media types that only resemble it, for every
// system whose spec asks for application/json (webhook: WH-SIG-16/19/20; resource
// API: RA-INPUT-06/09 and the 415 checks).
//
// RFC 9110 §8.3.1: a media type is type "/" subtype, then parameters after ";" with
// optional whitespace around it; type and subtype are case-insensitive. RFC 8259 §11:
// application/json defines no charset parameter, and "adding one really has no effect
// on compliant recipients".

/** application/json with a parameter: every reading of "application/json" takes it (MUST). */
export const JSON_WITH_CHARSET = 'application/json; charset=utf-8';

/** application/json in other letter case and with a space before its parameter: RFC 9110 says the same type (SHOULD). */
export const JSON_OTHER_SPELLINGS: readonly string[] = [
  'Application/JSON',
  'application/json ; charset=UTF-8',
];

/**
 * Near misses: another media type under RFC 9110's own comparison, each one what a
 * receiver matching with startsWith, includes or a prefix would wrongly take as JSON.
 * No "+json" type is listed: a server may accept those as JSON (a framework default).
 */
export const NOT_QUITE_JSON_TYPES: readonly string[] = [
  'application/jsonp', //    a suffix
  'application/json-seq', // a neighbouring registered type (RFC 7464)
  'application/jso', //      a prefix
  'text/json', //            the same subtype under another type
  'application/x-json', //   a prefix on the subtype
];
