// Request headers: Content-Type must match application/json; parameters such as
// charset are allowed. Any other type (or none) means the body is treated as empty.

export function isJsonContentType(header: string | undefined): boolean {
  if (header === undefined) return false;
  // Stryker disable next-line OptionalChaining: equivalent, split gives one item at least
  const essence = header.split(';', 1)[0]?.trim().toLowerCase();
  return essence === 'application/json';
}
