// Step 4 of the processing order: record the event id once and queue its work once,
// in one transaction. Uniqueness is the database's (ON CONFLICT DO NOTHING on the
// primary key), so concurrent identical deliveries cannot both insert. The key is a
// digest of the id, so an id of any length is recorded (schema/001-webhook.sql).
import { createHash, randomUUID } from 'node:crypto';
import type { SqlExecutor, SqlStore } from '../store/sql-store.ts';
import { digestKey, storageKey } from '../store/storage-key.ts';
import type { WebhookFault } from './faults.ts';

export const PROVIDER = 'payments';

export type RecordOutcome = 'recorded' | 'duplicate';

function eventKey(id: string, raw: Buffer, faults: ReadonlySet<WebhookFault>): string {
  if (faults.has('dedup-by-body-hash')) return createHash('sha256').update(raw).digest('hex');
  return digestKey(storageKey(id));
}

/** Work a typical handler does between its check and its write (a lookup, a call out). */
const CHECK_TO_WRITE_MS = 25;

/** The read-then-write-dedup fault: a SELECT decides, and a per-delivery key means the database never objects. */
async function recordReadThenWrite(store: SqlStore, event: { id: string; type: string }, raw: Buffer): Promise<RecordOutcome> {
  const seen = await store.query(`SELECT 1 FROM webhook_events WHERE provider = $1 AND event_id = $2`, [PROVIDER, storageKey(event.id)]);
  if (seen.rowCount > 0) return 'duplicate';
  await new Promise((resolve) => setTimeout(resolve, CHECK_TO_WRITE_MS));
  const key = `${digestKey(storageKey(event.id))}#${randomUUID()}`;
  await store.transaction(async (tx) => {
    await tx.query(`INSERT INTO webhook_events (provider, event_key, event_id, event_type, raw_body) VALUES ($1, $2, $3, $4, $5)`,
      [PROVIDER, key, storageKey(event.id), event.type, raw]);
    await tx.query(`INSERT INTO webhook_jobs (provider, event_key) VALUES ($1, $2)`, [PROVIDER, key]);
  });
  return 'recorded';
}

export interface EventRow {
  readonly key: string;
  readonly eventId: string;
  readonly type: string;
  readonly raw: Buffer;
}

export function eventRow(event: { id: string; type: string }, raw: Buffer, faults: ReadonlySet<WebhookFault>): EventRow {
  return { key: eventKey(event.id, raw, faults), eventId: storageKey(event.id), type: event.type, raw };
}

/** A row's placeholders: $1, the provider, is shared; the row's own four values are $(offset + 2) to $(offset + 5). */
function rowPlaceholders(offset: number): string {
  return `($1, $${offset + 2}, $${offset + 3}, $${offset + 4}, $${offset + 5})`;
}

/**
 * Records several deliveries and queues the jobs of the new ones in ONE statement —
 * so also one transaction and one commit when it runs on its own (the group
 * committer), and a single round trip. Returns, per row, whether it was the one that
 * recorded its key: of rows sharing a key, at most the first — and none if the key
 * was already stored.
 *
 * The rows are inserted in key order: two statements inserting overlapping keys (two
 * groups in flight, or two instances on one database) then take the keys' locks in
 * the same order and wait for each other instead of deadlocking.
 */
export async function insertEvents(tx: SqlExecutor, rows: readonly EventRow[]): Promise<RecordOutcome[]> {
  const ordered = [...rows].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  const values = ordered.map((_, i) => rowPlaceholders(i * 4)).join(', ');
  const { rows: inserted } = await tx.query<{ event_key: string }>(
    `WITH recorded AS (
       INSERT INTO webhook_events (provider, event_key, event_id, event_type, raw_body) VALUES ${values}
       ON CONFLICT DO NOTHING RETURNING event_key
     ), queued AS (
       INSERT INTO webhook_jobs (provider, event_key) SELECT $1, event_key FROM recorded
     )
     SELECT event_key FROM recorded`,
    [PROVIDER, ...ordered.flatMap((r) => [r.key, r.eventId, r.type, r.raw])],
  );
  const fresh = new Set(inserted.map((r) => r.event_key));
  return rows.map((row) => (fresh.delete(row.key) ? 'recorded' : 'duplicate'));
}

/** Records one delivery in a transaction of its own (the group committer batches instead). */
export async function recordEvent(
  store: SqlStore,
  event: { id: string; type: string },
  raw: Buffer,
  faults: ReadonlySet<WebhookFault>,
): Promise<RecordOutcome> {
  if (faults.has('no-record')) return 'recorded';
  if (faults.has('read-then-write-dedup')) return recordReadThenWrite(store, event, raw);
  const row = eventRow(event, raw, faults);
  // record-twice: a retried INSERT that nothing keys on the event id lands a second time.
  const rows = faults.has('record-twice') ? [row, { ...row, key: `${row.key}#retry` }] : [row];
  const [outcome] = await store.transaction((tx) => insertEvents(tx, rows));
  return outcome ?? 'duplicate';
}

/** The duplicate-effect fault: the business action recorded again for a duplicate. */
export async function recordDuplicateEffect(store: SqlStore, id: string): Promise<void> {
  await store.query(`INSERT INTO webhook_effects (provider, effect_key, event_id, applied) VALUES ($1, $2, $3, false)`,
    [PROVIDER, `${digestKey(storageKey(id))}#${randomUUID()}`, storageKey(id)]);
}
