// The sender's half of Authentication 1: HMAC-SHA256 over the exact bytes, as hex.
import { createHmac } from 'node:crypto';

export function signatureOf(secret: string, body: Uint8Array | string): string {
  return createHmac('sha256', secret).update(body).digest('hex');
}
