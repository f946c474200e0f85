// The receiver's authentication scheme: lowercase hex of HMAC-SHA256 over the exact body
// bytes. The key is the shared secret as the receiver holds it (its WEBHOOK_SECRET
// string, UTF-8), not a hex-decoded key: both ends must derive the same key bytes.
import { createHmac } from 'node:crypto';

export function signBody(secret: string, body: Uint8Array): string {
  return createHmac('sha256', secret).update(body).digest('hex');
}
