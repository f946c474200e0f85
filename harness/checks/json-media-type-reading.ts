// The one reading of "application/json" that the catalog states (WH-SIG-16/20, RA-INPUT-06/09):
// apart from json-content-types.ts so the catalog, which `wirecheck serve` and the
// package load, does not pull in fast-check's generators with it.

/** RFC 9110's media-type syntax, verbatim from docs/sources/ (json-content-types.test.ts proves it). */
export const MEDIA_TYPE_RULES = [
  { source: 'RFC 9110 §8.3.1', quote: 'The type and subtype tokens are case-insensitive. … The type/subtype MAY be followed by semicolon-delimited parameters (Section 5.6.6) in the form of name/value pairs.' },
  { source: 'RFC 9110 §5.6.6', quote: 'parameters = *( OWS ";" OWS [ parameter ] )' },
] as const;

/** The reading, as the `allows` of WH-SIG-16/20 and RA-INPUT-06/09 state it. */
export const JSON_MEDIA_TYPE_READING = `the spec's "application/json" names a media type, read as RFC 9110 defines one: ${MEDIA_TYPE_RULES.map((r) => `${r.source} "${r.quote}"`).join('; ')}. So application/json in any letter case, with parameters and whitespace around ";", matches: one reading, one level, for a charset parameter and for letter case and whitespace`;
