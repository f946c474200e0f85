// Entity tags of this service: strong, an opaque SHA-256 digest of what the
// representation is made of (for preferences that includes the revision, so every
// committed PATCH changes the tag). If-Match is evaluated as RFC 9110 §13.1.1 says:
// "*" matches any current representation, otherwise one listed tag must match the
// current one by the strong comparison (a weak tag never matches).
import { createHash } from 'node:crypto';

export function strongTag(...parts: readonly (string | number | boolean)[]): string {
  return `"${createHash('sha256').update(parts.map(String).join('\u0000'), 'utf8').digest('base64url').slice(0, 27)}"`;
}

export type IfMatch = { readonly any: true } | { readonly any: false; readonly tags: readonly string[] };

/** The If-Match condition of a request, or undefined when it has none. */
export function parseIfMatch(value: string | undefined): IfMatch | undefined {
  if (value === undefined || value.trim() === '') return undefined;
  if (value.trim() === '*') return { any: true };
  return { any: false, tags: value.match(/(?:W\/)?"[^"]*"/g) ?? [] };
}

/** Whether the condition holds for a representation whose current tag is `current`. */
export function ifMatchHolds(condition: IfMatch | undefined, current: string): boolean {
  if (condition === undefined || condition.any) return true;
  return condition.tags.some((tag) => !tag.startsWith('W/') && tag === current);
}
