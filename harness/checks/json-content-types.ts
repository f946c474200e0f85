// Spellings of the JSON media type that a server requiring application/json must
// accept: a parameter, another letter case, a space before the semicolon (RFC 9110
// §8.3.1: type and subtype are case-insensitive; §5.6.6: parameters). One list for
// every system whose spec asks for application/json (WH-SIG-16, RA-INPUT-06).
export const JSON_CONTENT_TYPE_SPELLINGS: readonly string[] = [
  'application/json; charset=utf-8',
  'Application/JSON',
  'application/json ; charset=UTF-8',
];
