// Fixed-size keys for ids of any length: SHA-256 over the provider and the id's UTF-16
// code units, so that distinct JSON strings (lone surrogates included) never collide.
import { createHash } from 'node:crypto';

export const PROVIDER = 'payments';

export function eventKey(eventId: string): Buffer {
  return createHash('sha256').update(PROVIDER, 'utf8').update(Buffer.from([0])).update(eventId, 'utf16le').digest();
}

export function paymentKey(paymentId: string): Buffer {
  return createHash('sha256').update('payment', 'utf8').update(Buffer.from([0])).update(paymentId, 'utf16le').digest();
}
