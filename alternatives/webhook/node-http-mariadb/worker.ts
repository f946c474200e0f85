// The worker: every instance runs one, taking the oldest job no other worker holds
// (FOR UPDATE SKIP LOCKED). The effect, the record's completion and the job's removal
// commit together, so each event's work completes once whichever instance runs it.
import { setTimeout as sleep } from 'node:timers/promises';
import type mysql from 'mysql2/promise';
import { applyChange, changeOf } from './payments.ts';
import { type Db, ER_DUP_ENTRY, ER_LOCK_DEADLOCK, errnoOf, inTransaction } from './store.ts';

const IDLE_MS = 25;
const AFTER_ERROR_MS = 100;

export class Worker {
  private stopping = false;
  private running: Promise<void> | undefined;

  constructor(private readonly db: Db) {}

  start(): void {
    this.running = this.loop();
  }

  async stop(): Promise<void> {
    this.stopping = true;
    await this.running;
  }

  private async loop(): Promise<void> {
    while (!this.stopping) {
      try {
        if (!(await this.runOne())) await sleep(IDLE_MS);
      } catch (err) {
        // The job is rolled back and taken again. Two instances creating one payment's
        // state at once is expected (one loses on the key); anything else is reported.
        const errno = errnoOf(err);
        if (errno === ER_DUP_ENTRY || errno === ER_LOCK_DEADLOCK) continue;
        console.error(`node-http-mariadb worker: ${err instanceof Error ? err.message.slice(0, 200) : 'unknown error'}`);
        await sleep(AFTER_ERROR_MS);
      }
    }
  }

  /** Runs the oldest free job; false when there was none. */
  private runOne(): Promise<boolean> {
    return inTransaction(this.db, async (conn) => {
      const [jobs] = await conn.query<mysql.RowDataPacket[]>('SELECT seq, event_key FROM jobs ORDER BY seq LIMIT 1 FOR UPDATE SKIP LOCKED');
      const job = jobs[0] as { seq: number; event_key: Buffer } | undefined;
      if (job === undefined) return false;
      const [events] = await conn.execute<mysql.RowDataPacket[]>('SELECT payload FROM events WHERE event_key = ?', [job.event_key]);
      const event = events[0] as { payload: Buffer } | undefined;
      const change = event === undefined ? undefined : changeOf(event.payload);
      // Without a paymentId or a version there is nothing to order: the work completes
      // and the payment state is left alone.
      if (change !== undefined) await applyChange(conn, change);
      await conn.execute("UPDATE events SET status = 'completed', effects = effects + 1 WHERE event_key = ?", [job.event_key]);
      await conn.execute('DELETE FROM jobs WHERE seq = ?', [job.seq]);
      return true;
    });
  }
}
