// Authentication of a delivery: HMAC-SHA256 over the exact raw bytes, keyed with the
// shared secret, compared in constant time after the length is confirmed.
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { WebhookFault } from './faults.ts';

const SIGNATURE_FORMAT = /^[0-9a-fA-F]{64}$/;

export function computeSignature(secret: string | Buffer, body: Buffer): Buffer {
  return createHmac('sha256', secret).update(body).digest();
}

/** The bytes that get authenticated — the raw body, unless a fault re-encodes it. */
function signedBytes(body: Buffer, faults: ReadonlySet<WebhookFault>): Buffer {
  if (faults.has('reserialized-body')) {
    try {
      return Buffer.from(JSON.stringify(JSON.parse(body.toString('utf8'))));
    } catch {
      return body;
    }
  }
  if (faults.has('string-decoded-body')) return Buffer.from(body.toString('utf8'), 'utf8');
  return body;
}

export function isValidSignature(
  secret: string,
  body: Buffer,
  header: string | undefined,
  faults: ReadonlySet<WebhookFault>,
): boolean {
  if (header === undefined) return faults.has('missing-signature-accepted');
  const format = faults.has('lowercase-only-hex') ? /^[0-9a-f]{64}$/ : SIGNATURE_FORMAT;
  // 1. Length and format first: exactly 64 hex characters, either case.
  if (!faults.has('no-length-check') && !format.test(header)) return false;
  if (faults.has('signature-not-verified')) return true;
  const key = faults.has('secret-hex-decoded') ? Buffer.from(secret, 'hex') : secret;
  const expected = computeSignature(key, signedBytes(body, faults));
  const received = Buffer.from(header, 'hex');
  if (faults.has('prefix-only-compare')) {
    return timingSafeEqual(expected.subarray(0, 16), received.subarray(0, 16));
  }
  // 2. Constant-time comparison of equal-length digests (with no-length-check a
  //    short decoded header makes timingSafeEqual throw — the fault's crash).
  return timingSafeEqual(expected, received);
}
