// Storage keys: a digest of the identifying strings, so that ids of any length and
// with any characters (NUL, lone surrogates) are unique keys of fixed size.
import { createHash } from 'node:crypto';

export const PROVIDER = 'payments';

/** JSON text of a string: injective, and free of NUL and lone surrogates (escaped). */
export function jsonText(value: string): string {
  return JSON.stringify(value);
}

export function eventKey(eventId: string): Buffer {
  return createHash('sha256').update(jsonText(PROVIDER)).update(':').update(jsonText(eventId)).digest();
}

export function paymentKey(paymentId: string): Buffer {
  return createHash('sha256').update(jsonText(paymentId)).digest();
}
