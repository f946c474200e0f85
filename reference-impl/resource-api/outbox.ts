// Side effects of the resource API, as outbox rows written in the transaction that
// caused them (a relay would publish them; the probe counts them).
import type { SqlExecutor } from '../store/sql-store.ts';
import { storageKey } from '../store/storage-key.ts';

export const LABEL_DELETED = 'label.deleted';

export async function recordEffect(db: SqlExecutor, kind: string, subject: string, payload: object): Promise<void> {
  await db.query('INSERT INTO resource_outbox (kind, subject, payload) VALUES ($1, $2, $3::jsonb)',
    [storageKey(kind), storageKey(subject), JSON.stringify(payload)]);
}

export async function countEffects(db: SqlExecutor, kind: string, subject: string): Promise<number> {
  const { rows } = await db.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM resource_outbox WHERE kind = $1 AND subject = $2', [storageKey(kind), storageKey(subject)]);
  return rows[0]?.n ?? 0;
}

/** Fault repeated-delete-effect: emits the event again when it was emitted before. */
export async function reemitEffect(db: SqlExecutor, kind: string, subject: string): Promise<void> {
  await db.query(
    `INSERT INTO resource_outbox (kind, subject, payload)
     SELECT kind, subject, payload FROM resource_outbox WHERE kind = $1 AND subject = $2 ORDER BY id LIMIT 1`,
    [storageKey(kind), storageKey(subject)]);
}
