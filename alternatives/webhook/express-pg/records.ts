// Processing order 4: record the event id once and queue its work, in one transaction.
// Uniqueness is the primary key's (INSERT ... ON CONFLICT DO NOTHING), never a prior read.
import type { AcceptedEvent } from './event.ts';
import { StorageUnavailable, type FailSwitch } from './fail-switch.ts';
import { eventKey, jsonText, PROVIDER } from './keys.ts';
import type { Store } from './store.ts';

export type RecordOutcome = 'recorded' | 'duplicate';

export async function recordOnce(store: Store, failSwitch: FailSwitch, event: AcceptedEvent, payload: Buffer): Promise<RecordOutcome> {
  const { events, jobs } = store.tables;
  const key = eventKey(event.id);
  const client = await store.pool.connect();
  let broken: Error | undefined;
  try {
    await client.query('BEGIN');
    const inserted = await client.query(
      `INSERT INTO ${events} (event_key, provider, event_id, event_type, payload)
       VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (event_key) DO NOTHING`,
      [key, PROVIDER, jsonText(event.id), event.type, payload],
    );
    const recorded = inserted.rowCount === 1;
    if (recorded) await client.query(`INSERT INTO ${jobs} (event_key) VALUES ($1)`, [key]);
    if (failSwitch.take()) {
      await client.query('ROLLBACK');
      throw new StorageUnavailable('commit failed: the probe fail switch was armed');
    }
    await client.query('COMMIT');
    return recorded ? 'recorded' : 'duplicate';
  } catch (err) {
    if (!(err instanceof StorageUnavailable)) {
      broken = err instanceof Error ? err : new Error(String(err));
      await client.query('ROLLBACK').catch(() => undefined);
    }
    throw err;
  } finally {
    // A client whose statement failed is discarded rather than reused.
    client.release(broken);
  }
}
