// Authentication: HMAC-SHA256 over the exact received bytes, as 64 hex digits in either
// case, compared in constant time once the lengths are known to be equal.
import { createHmac, timingSafeEqual } from 'node:crypto';

const HEX_64 = /^[0-9a-fA-F]{64}$/;

export function signatureMatches(secret: string, body: Buffer, header: string | undefined): boolean {
  if (header === undefined || !HEX_64.test(header)) return false;
  const given = Buffer.from(header, 'hex');
  const expected = createHmac('sha256', secret).update(body).digest();
  if (given.length !== expected.length) return false;
  return timingSafeEqual(given, expected);
}
