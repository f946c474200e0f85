// Step 4 of the processing order: record the event id once and queue its work once,
// in one transaction. Uniqueness is the database's (ON CONFLICT DO NOTHING on the
// primary key), so concurrent identical deliveries cannot both insert.
import { createHash } from 'node:crypto';
import type { SqlStore } from '../store/sql-store.ts';
import { storageKey } from '../store/storage-key.ts';
import type { WebhookFault } from './faults.ts';

export const PROVIDER = 'payments';

export type RecordOutcome = 'recorded' | 'duplicate';

function eventKey(id: string, raw: Buffer, faults: ReadonlySet<WebhookFault>): string {
  if (faults.has('dedup-by-body-hash')) return createHash('sha256').update(raw).digest('hex');
  return storageKey(id);
}

export async function recordEvent(
  store: SqlStore,
  event: { id: string; type: string },
  raw: Buffer,
  faults: ReadonlySet<WebhookFault>,
): Promise<RecordOutcome> {
  if (faults.has('no-record')) return 'recorded';
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

export interface EventProbe {
  readonly records: number;
  readonly status: string;
  readonly effects: number;
}

export async function probeEvent(store: SqlStore, id: string): Promise<EventProbe | undefined> {
  const { rows } = await store.query<{ status: string }>(
    `SELECT status FROM webhook_events WHERE provider = $1 AND event_id = $2`,
    [PROVIDER, storageKey(id)],
  );
  const [row] = rows;
  if (!row) return undefined;
  // effects: business work completed for the event; the worker (not in this slice
  // yet) performs it, so none has run.
  return { records: rows.length, status: row.status, effects: 0 };
}
