// The business work of a payment.succeeded event and its ordering guard. The version is
// data.version (a non-negative integer). An event without one, or without a paymentId,
// is completed without touching payment state: nothing orders it against the others.
import type mysql from 'mysql2/promise';
import { paymentKey } from './keys.ts';

/** The status this receiver gives a payment on payment.succeeded (the spec does not fix it). */
export const PAID = 'paid';

export interface Change {
  readonly paymentId: string;
  readonly version: number;
}

export function changeOf(payload: Buffer): Change | undefined {
  let event: unknown;
  try {
    event = JSON.parse(payload.toString('utf8'));
  } catch {
    return undefined;
  }
  const data: unknown = typeof event === 'object' && event !== null ? Reflect.get(event, 'data') : undefined;
  if (typeof data !== 'object' || data === null || Array.isArray(data)) return undefined;
  const paymentId: unknown = Reflect.get(data, 'paymentId');
  const version: unknown = Reflect.get(data, 'version');
  if (typeof paymentId !== 'string' || paymentId === '') return undefined;
  if (typeof version !== 'number' || !Number.isSafeInteger(version) || version < 0) return undefined;
  return { paymentId, version };
}

/**
 * Applies the change when its version is newer than the payment's; the row is locked
 * for the check. A first insert racing another instance's fails with ER_DUP_ENTRY and
 * the caller's transaction is retried.
 */
export async function applyChange(conn: mysql.PoolConnection, change: Change): Promise<'applied' | 'stale'> {
  const key = paymentKey(change.paymentId);
  const [rows] = await conn.execute<mysql.RowDataPacket[]>('SELECT version FROM payments WHERE payment_key = ? FOR UPDATE', [key]);
  const current = rows[0] as { version: number | string } | undefined;
  if (current === undefined) {
    await conn.execute('INSERT INTO payments (payment_key, payment_id, version, status) VALUES (?, ?, ?, ?)', [key, change.paymentId, change.version, PAID]);
  } else if (Number(current.version) < change.version) {
    await conn.execute('UPDATE payments SET version = ?, status = ? WHERE payment_key = ?', [change.version, PAID, key]);
  } else {
    return 'stale';
  }
  await conn.execute('INSERT INTO payment_versions (payment_key, version) VALUES (?, ?)', [key, change.version]);
  return 'applied';
}
