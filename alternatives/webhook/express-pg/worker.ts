// The slow worker: one event at a time across every instance on the store, in order of
// receipt, each taking at least WORK_MS. The instances elect the active worker with a
// PostgreSQL session advisory lock; the others stand by until its session ends.
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { applyPayment, planOf } from './payments.ts';
import type { Store } from './store.ts';

/** The business work's duration per event. */
const WORK_MS = 300;
const IDLE_POLL_MS = 40;
const STANDBY_POLL_MS = 250;
const RECONNECT_MS = 500;
/** First half of the two-int advisory lock key; the second is the store's hash. */
const LOCK_CLASS = 0x5748_4b31;

interface Job {
  readonly seq: string;
  readonly eventKey: Buffer;
  readonly payload: Buffer;
}

export class SlowWorker {
  private stopped = false;
  private loop: Promise<void> | undefined;

  constructor(private readonly store: Store) {}

  start(): void {
    this.loop = this.run();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    await this.loop;
  }

  private async run(): Promise<void> {
    while (!this.stopped) {
      const client = new pg.Client({ connectionString: this.store.url });
      // Connection errors surface as rejected queries; the listener keeps them from
      // becoming uncaught 'error' events.
      client.on('error', () => undefined);
      try {
        await client.connect();
        while (!this.stopped) {
          if (await this.tryLead(client)) await this.lead(client);
          else await sleep(STANDBY_POLL_MS);
        }
      } catch (err) {
        console.error(`express-pg worker: ${err instanceof Error ? err.message : String(err)}; reconnecting`);
      } finally {
        // Ending the session also releases the advisory lock.
        await client.end().catch(() => undefined);
      }
      if (!this.stopped) await sleep(RECONNECT_MS);
    }
  }

  private async tryLead(client: pg.Client): Promise<boolean> {
    const { rows } = await client.query<{ locked: boolean }>(
      'SELECT pg_try_advisory_lock($1, hashtext($2)) AS locked',
      [LOCK_CLASS, `wirecheck-alt-express-pg-worker:${this.store.storeName}`],
    );
    return rows[0]?.locked === true;
  }

  private async lead(client: pg.Client): Promise<void> {
    while (!this.stopped) {
      const job = await this.oldestJob(client);
      if (job === undefined) await sleep(IDLE_POLL_MS);
      else await this.process(client, job);
    }
  }

  private async oldestJob(client: pg.Client): Promise<Job | undefined> {
    const { jobs, events } = this.store.tables;
    const { rows } = await client.query<{ seq: string; event_key: Buffer; payload: Buffer }>(
      `SELECT j.seq, j.event_key, e.payload FROM ${jobs} j JOIN ${events} e ON e.event_key = j.event_key
       ORDER BY j.seq LIMIT 1`,
    );
    const row = rows[0];
    return row === undefined ? undefined : { seq: row.seq, eventKey: row.event_key, payload: row.payload };
  }

  private async process(client: pg.Client, job: Job): Promise<void> {
    const { jobs, events } = this.store.tables;
    await client.query(`UPDATE ${events} SET status = 'processing' WHERE event_key = $1 AND status = 'accepted'`, [job.eventKey]);
    const plan = planOf(job.payload);
    await client.query('BEGIN');
    try {
      // The job row is the token of the work: deleting it in the same transaction as
      // the effect makes the effect happen once even if two workers ever overlapped.
      const claimed = await client.query(`DELETE FROM ${jobs} WHERE seq = $1`, [job.seq]);
      if (claimed.rowCount !== 1) {
        await client.query('ROLLBACK');
        return;
      }
      if (plan.kind === 'apply') {
        await applyPayment(client, this.store.tables, plan.application);
        await sleep(WORK_MS);
        await client.query(`UPDATE ${events} SET status = 'completed', effects = effects + 1 WHERE event_key = $1`, [job.eventKey]);
      } else {
        // An event whose work cannot run is failed at once, without retries.
        await client.query(`UPDATE ${events} SET status = 'failed' WHERE event_key = $1`, [job.eventKey]);
      }
      await client.query('COMMIT');
    } catch (err) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw err;
    }
  }
}
