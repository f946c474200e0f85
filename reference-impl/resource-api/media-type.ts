// The one media type the mutations accept: application/json, with or without
// parameters (charset), matched case-insensitively (RFC 9110 §8.3.1).

export function isJsonMediaType(header: string | undefined): boolean {
  // Stryker disable next-line BooleanLiteral: not decided: the spec does not say what a body without Content-Type gets (RFC 9110 §8.3 lets a recipient examine the data); the reference refuses it with 415
  if (header === undefined) return false;
  // Stryker disable next-line StringLiteral: equivalent: split gives one item at least, so the default is never used (also skips the killed split('') mutant: every media type refused)
  const [essence = ''] = header.split(';');
  return essence.trim().toLowerCase() === 'application/json';
}
