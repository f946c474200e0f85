// Strong ETags from the row's version counter: "v<version>". Preferences never
// written have version 0 (the defaults). If-Match uses the strong comparison of
// RFC 9110 §8.8.3.2: a weak tag never matches, and neither does a tag of another form.

const MAX_VERSION = 2_147_483_647; // the `integer` column

export function formatEtag(version: number): string {
  return `"v${version}"`;
}

/** What an If-Match header asks for: any current representation, or one of these versions. */
export type IfMatch = { readonly kind: 'any' } | { readonly kind: 'versions'; readonly versions: readonly number[] };

// One entity-tag of a list: `*`, W/"..." or "..." (etagc excludes DQUOTE).
const LIST_MEMBER = /\s*(\*|(?:W\/)?"[^"]*")\s*(?:,|$)/gy;

/** Parses If-Match; undefined when the header is absent. A malformed header matches nothing. */
export function parseIfMatch(header: string | undefined): IfMatch | undefined {
  if (header === undefined) return undefined;
  const versions: number[] = [];
  LIST_MEMBER.lastIndex = 0;
  let consumed = 0;
  for (let match = LIST_MEMBER.exec(header); match && match[0] !== ''; match = LIST_MEMBER.exec(header)) {
    consumed = LIST_MEMBER.lastIndex;
    const tag = match[1] ?? '';
    if (tag === '*') return { kind: 'any' };
    const version = /^"v(0|[1-9]\d{0,9})"$/.exec(tag)?.[1];
    if (version !== undefined && Number(version) <= MAX_VERSION) versions.push(Number(version));
  }
  // Trailing garbage makes the whole field invalid: nothing may match.
  if (consumed !== header.length) return { kind: 'versions', versions: [] };
  return { kind: 'versions', versions };
}
