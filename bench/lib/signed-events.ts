// Pre-signed deliveries: the HMAC and the JSON are computed before the clock starts,
// so the load generator only copies bytes and cannot be the bottleneck.
import { createHmac, randomBytes } from 'node:crypto';

export interface SignedDelivery {
  readonly id: string;
  readonly body: Buffer;
  readonly signature: string;
}

export function sign(secret: string, body: Buffer | string): string {
  return createHmac('sha256', secret).update(body).digest('hex');
}

/** A payment.succeeded event with its own payment (so its effect is never a stale version). */
export function eventBody(id: string, createdAt = new Date().toISOString()): Buffer {
  return Buffer.from(JSON.stringify({
    id, type: 'payment.succeeded', createdAt,
    data: { paymentId: `pay_${id}`, amount: 1250, currency: 'EUR', version: 1 },
  }));
}

export function runTag(): string {
  return randomBytes(4).toString('hex');
}

export function signedDelivery(secret: string, id: string): SignedDelivery {
  const body = eventBody(id);
  return { id, body, signature: sign(secret, body) };
}

export function preSign(secret: string, count: number, prefix: string): SignedDelivery[] {
  const createdAt = new Date().toISOString();
  return Array.from({ length: count }, (_, i) => {
    const id = `${prefix}_${i}`;
    const body = eventBody(id, createdAt);
    return { id, body, signature: sign(secret, body) };
  });
}

export function deliveryHeaders(delivery: SignedDelivery): Record<string, string> {
  return { 'content-type': 'application/json', 'x-webhook-signature': delivery.signature };
}
