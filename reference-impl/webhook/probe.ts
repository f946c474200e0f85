// What the probe API reports (CONTRACTS.md §4), read straight from the store.
import type { SqlStore } from '../store/sql-store.ts';
import { storageKey } from '../store/storage-key.ts';
import { PROVIDER } from './event-repository.ts';
import { paymentKey } from './processing/payment-guard.ts';

export interface EventProbe {
  readonly records: number;
  readonly status: string;
  readonly effects: number;
}

export interface PaymentProbe {
  readonly version: number;
  readonly status: string;
  readonly applied: number[];
}

export async function probeEvent(store: SqlStore, id: string): Promise<EventProbe | undefined> {
  const key = storageKey(id);
  const { rows } = await store.query<{ status: string }>(
    `SELECT status FROM webhook_events WHERE provider = $1 AND event_id = $2 ORDER BY received_at`, [PROVIDER, key]);
  const [first] = rows;
  if (!first) return undefined;
  const effects = await store.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM webhook_effects WHERE provider = $1 AND event_id = $2`, [PROVIDER, key]);
  return { records: rows.length, status: first.status, effects: effects.rows[0]?.n ?? 0 };
}

export async function probePayment(store: SqlStore, paymentId: string): Promise<PaymentProbe | undefined> {
  const key = paymentKey(paymentId);
  const state = await store.query<{ version: string | number; status: string }>(
    `SELECT version, status FROM payment_states WHERE payment_key = $1`, [key]);
  const row = state.rows[0];
  if (!row) return undefined;
  const applied = await store.query<{ version: string | number }>(
    `SELECT version FROM payment_applied WHERE payment_key = $1 ORDER BY seq`, [key]);
  return { version: Number(row.version), status: row.status, applied: applied.rows.map((r) => Number(r.version)) };
}
