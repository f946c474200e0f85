// Step 4 of the processing order: record the event id once and queue its work once,
// in one transaction. Uniqueness is the database's (ON CONFLICT DO NOTHING on the
// primary key), so concurrent identical deliveries cannot both insert.
import { createHash, randomUUID } from 'node:crypto';
import type { SqlStore } from '../store/sql-store.ts';
import { storageKey } from '../store/storage-key.ts';
import type { WebhookFault } from './faults.ts';

export const PROVIDER = 'payments';

export type RecordOutcome = 'recorded' | 'duplicate';

function eventKey(id: string, raw: Buffer, faults: ReadonlySet<WebhookFault>): string {
  if (faults.has('dedup-by-body-hash')) return createHash('sha256').update(raw).digest('hex');
  return storageKey(id);
}

/** The read-then-write-dedup fault: a SELECT decides, and a per-delivery key means the database never objects. */
async function recordReadThenWrite(store: SqlStore, event: { id: string; type: string }, raw: Buffer): Promise<RecordOutcome> {
  const seen = await store.query(`SELECT 1 FROM webhook_events WHERE provider = $1 AND event_id = $2`, [PROVIDER, storageKey(event.id)]);
  if (seen.rowCount > 0) return 'duplicate';
  const key = `${storageKey(event.id)}#${randomUUID()}`;
  await store.transaction(async (tx) => {
    await tx.query(`INSERT INTO webhook_events (provider, event_key, event_id, event_type, raw_body) VALUES ($1, $2, $3, $4, $5)`,
      [PROVIDER, key, storageKey(event.id), event.type, raw]);
    await tx.query(`INSERT INTO webhook_jobs (provider, event_key) VALUES ($1, $2)`, [PROVIDER, key]);
  });
  return 'recorded';
}

export async function recordEvent(
  store: SqlStore,
  event: { id: string; type: string },
  raw: Buffer,
  faults: ReadonlySet<WebhookFault>,
): Promise<RecordOutcome> {
  if (faults.has('no-record')) return 'recorded';
  if (faults.has('read-then-write-dedup')) return recordReadThenWrite(store, event, raw);
  const key = eventKey(event.id, raw, faults);
  return store.transaction(async (tx) => {
    const inserted = await tx.query(
      `INSERT INTO webhook_events (provider, event_key, event_id, event_type, raw_body)
       VALUES ($1, $2, $3, $4, $5) ON CONFLICT DO NOTHING`,
      [PROVIDER, key, storageKey(event.id), event.type, raw],
    );
    if (inserted.rowCount === 0) return 'duplicate';
    await tx.query(`INSERT INTO webhook_jobs (provider, event_key) VALUES ($1, $2)`, [PROVIDER, key]);
    return 'recorded';
  });
}

/** The duplicate-effect fault: the business action recorded again for a duplicate. */
export async function recordDuplicateEffect(store: SqlStore, id: string): Promise<void> {
  await store.query(`INSERT INTO webhook_effects (provider, effect_key, event_id, applied) VALUES ($1, $2, $3, false)`,
    [PROVIDER, `${storageKey(id)}#${randomUUID()}`, storageKey(id)]);
}
