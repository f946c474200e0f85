// Identifiers from untrusted JSON (event ids, payment ids) may hold U+0000, which
// PostgreSQL text cannot store, or lone surrogates, which UTF-8 encoding would
// collapse into U+FFFD — making two distinct ids collide and one event vanish as a
// "duplicate". JSON string escaping is injective and yields well-formed, NUL-free
// text, so the stored key is the id's JSON escape without the surrounding quotes.
import { createHash } from 'node:crypto';

export function storageKey(id: string): string {
  return JSON.stringify(id).slice(1, -1);
}

export function fromStorageKey(key: string): string {
  return JSON.parse(`"${key}"`) as string;
}

/**
 * The fixed-length form of a storage key, for a unique index: its SHA-256, in hex. A
 * btree index entry holds at most ~2,700 bytes, and an id may be as long as the body
 * that carries it (256 KiB). A storage key is well-formed text, so its UTF-8 bytes are
 * those PostgreSQL hashes for encode(sha256(convert_to(key, 'UTF8')), 'hex').
 */
export function digestKey(key: string): string {
  return createHash('sha256').update(key, 'utf8').digest('hex');
}
