// HMAC-SHA256 of the raw bytes under the shared secret, as 64 hex digits of either case.
import { createHmac, timingSafeEqual } from 'node:crypto';

function isHex64(value: string): boolean {
  if (value.length !== 64) return false;
  for (let i = 0; i < value.length; i += 1) {
    const c = value.charCodeAt(i);
    const hex = (c >= 0x30 && c <= 0x39) || (c >= 0x41 && c <= 0x46) || (c >= 0x61 && c <= 0x66);
    if (!hex) return false;
  }
  return true;
}

export function verifySignature(secret: string, raw: Buffer, header: string | string[] | undefined): boolean {
  if (typeof header !== 'string' || !isHex64(header)) return false;
  const presented = Buffer.from(header, 'hex');
  const computed = createHmac('sha256', secret).update(raw).digest();
  return presented.length === computed.length && timingSafeEqual(presented, computed);
}
