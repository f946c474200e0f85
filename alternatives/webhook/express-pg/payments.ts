// The ordering guard (Payment state): a version is applied only when it is greater
// than the current one, atomically in one statement.
import type pg from 'pg';
import { jsonText, paymentKey } from './keys.ts';
import type { Tables } from './store.ts';

/** What a payment.succeeded event sets (CONTRACTS §5). */
export const SUCCEEDED = 'succeeded';

export interface Application {
  readonly paymentId: string;
  readonly version: number;
}

/** Why an event's work cannot be applied, or the application it asks for. */
export type Plan = { readonly kind: 'apply'; readonly application: Application } | { readonly kind: 'unusable'; readonly why: string };

function isVersion(value: unknown): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;
}

/**
 * The version is data.version (a non-negative integer); an event without one uses the
 * epoch milliseconds of createdAt (CONTRACTS §5).
 */
export function planOf(payload: Buffer): Plan {
  let event: unknown;
  try {
    event = JSON.parse(payload.toString('utf8'));
  } catch {
    return { kind: 'unusable', why: 'payload is not JSON' };
  }
  const { data, createdAt } = event as { data?: unknown; createdAt?: unknown };
  if (typeof data !== 'object' || data === null || Array.isArray(data)) return { kind: 'unusable', why: 'data is not an object' };
  const { paymentId, version } = data as { paymentId?: unknown; version?: unknown };
  if (typeof paymentId !== 'string' || paymentId === '') return { kind: 'unusable', why: 'data.paymentId is missing' };
  if (version !== undefined) {
    if (!isVersion(version)) return { kind: 'unusable', why: 'data.version is not a non-negative integer' };
    return { kind: 'apply', application: { paymentId, version } };
  }
  const instant = typeof createdAt === 'string' ? Date.parse(createdAt) : Number.NaN;
  if (!Number.isSafeInteger(instant)) return { kind: 'unusable', why: 'createdAt is not a timestamp' };
  return { kind: 'apply', application: { paymentId, version: instant } };
}

/** Applies the version when it is newer; true when it was applied, false when stale. */
export async function applyPayment(client: pg.ClientBase, tables: Tables, application: Application): Promise<boolean> {
  const version = String(application.version);
  const result = await client.query(
    `INSERT INTO ${tables.payments} AS p (payment_key, payment_id, version, status, applied)
     VALUES ($1, $2, $3::bigint, $4, ARRAY[$3::bigint])
     ON CONFLICT (payment_key) DO UPDATE
       SET version = EXCLUDED.version, status = EXCLUDED.status, applied = p.applied || EXCLUDED.version
       WHERE p.version < EXCLUDED.version`,
    [paymentKey(application.paymentId), jsonText(application.paymentId), version, SUCCEEDED],
  );
  return result.rowCount === 1;
}
