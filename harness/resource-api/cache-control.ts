// Whether a shared cache may store an answer (RFC 9111), for rule 10: user-specific
// answers must stay out of shared caches. Every request of the suites carries
// Authorization, so §3.5 applies: a shared cache stores such an answer only when
// public, s-maxage or must-revalidate allows it — and never with no-store or an
// unqualified private.
import type { ParsedResponse } from '../http/index.ts';

/** Directive name (lower case) → its argument, or true when it has none. */
export function cacheDirectives(response: ParsedResponse): Map<string, string | true> {
  const directives = new Map<string, string | true>();
  for (const part of response.headerValues('cache-control').join(',').split(',')) {
    const [name = '', ...rest] = part.split('=');
    const key = name.trim().toLowerCase();
    if (key === '') continue;
    directives.set(key, rest.length === 0 ? true : rest.join('=').trim().replace(/^"(.*)"$/, '$1'));
  }
  return directives;
}

/** no-store, or private without field names: no shared cache keeps any of it. */
export function explicitlyUnshared(response: ParsedResponse): boolean {
  const d = cacheDirectives(response);
  return d.has('no-store') || d.get('private') === true;
}

/** Why a shared cache may store this answer to an authenticated request, or undefined when it may not. */
export function sharedCacheMayStore(response: ParsedResponse): string | undefined {
  if (explicitlyUnshared(response)) return undefined;
  const d = cacheDirectives(response);
  const allowing = ['public', 's-maxage', 'must-revalidate'].filter((name) => d.has(name));
  if (allowing.length === 0) return undefined;
  return `Cache-Control: ${response.header('cache-control') ?? ''} lets a shared cache store it (${allowing.join(', ')}${d.has('private') ? '; private names only some fields' : ''})`;
}
