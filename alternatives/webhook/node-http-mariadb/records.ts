// Step 4: one record and one queued job per event id, in one transaction. The primary
// key decides what is a duplicate: the insert fails with ER_DUP_ENTRY, nothing is read first.
import { eventKey, PROVIDER } from './keys.ts';
import type { ReceivedEvent } from './event.ts';
import { type Db, ER_DUP_ENTRY, ER_LOCK_DEADLOCK, ER_LOCK_WAIT_TIMEOUT, errnoOf, inTransaction } from './store.ts';

const ATTEMPTS = 4;

export async function recordEvent(db: Db, event: ReceivedEvent, raw: Buffer): Promise<'new' | 'duplicate'> {
  const key = eventKey(event.id);
  for (let attempt = 1; ; attempt += 1) {
    try {
      await inTransaction(db, async (conn) => {
        await conn.execute(
          'INSERT INTO events (event_key, provider, event_id, event_type, received_at, payload) VALUES (?, ?, ?, ?, ?, ?)',
          [key, PROVIDER, event.id, event.type, new Date(), raw],
        );
        await conn.execute('INSERT INTO jobs (event_key) VALUES (?)', [key]);
      });
      return 'new';
    } catch (err) {
      const errno = errnoOf(err);
      if (errno === ER_DUP_ENTRY) return 'duplicate';
      // Concurrent inserts of one key can deadlock in InnoDB; the loser tries again.
      if ((errno === ER_LOCK_DEADLOCK || errno === ER_LOCK_WAIT_TIMEOUT) && attempt < ATTEMPTS) continue;
      throw err;
    }
  }
}
