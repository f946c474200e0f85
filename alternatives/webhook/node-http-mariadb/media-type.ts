// Content-Type: application/json, type and subtype in any letter case (RFC 9110 §8.3.1),
// followed by any well-formed parameters with optional whitespace around ";" (§5.6.6).
const TOKEN = "[!#$%&'*+.^_`|~0-9A-Za-z-]+";
const QUOTED_STRING = '"(?:[^"\\\\]|\\\\.)*"';
const PARAMETER = `${TOKEN}=(?:${TOKEN}|${QUOTED_STRING})`;
const JSON_MEDIA_TYPE = new RegExp(`^application/json(?:[ \\t]*;[ \\t]*(?:${PARAMETER})?)*$`, 'i');

export function isJsonMediaType(header: string | undefined): boolean {
  return header !== undefined && JSON_MEDIA_TYPE.test(header.trim());
}
