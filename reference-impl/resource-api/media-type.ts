// The one media type the mutations accept: application/json, with or without
// parameters (charset), matched case-insensitively (RFC 9110 §8.3.1).

export function isJsonMediaType(header: string | undefined): boolean {
  if (header === undefined) return false;
  const [essence = ''] = header.split(';');
  return essence.trim().toLowerCase() === 'application/json';
}
