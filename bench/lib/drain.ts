// Before the probe reads every id: wait until the workers have emptied the queue
// (read from the receiver's own tables), as long as they make progress, within a cap.
import { setTimeout as sleep } from 'node:timers/promises';
import { withClient } from './postgres.ts';

export interface Drain {
  readonly drained: boolean;
  readonly waitedMs: number;
  readonly jobsLeft: number;
}

export async function waitForDrain(databaseUrl: string, schema: string, options: { maxMs?: number; stallMs?: number } = {}): Promise<Drain> {
  const started = Date.now();
  const maxMs = options.maxMs ?? 10 * 60_000;
  const stallMs = options.stallMs ?? 60_000;
  let last = Number.POSITIVE_INFINITY;
  let lastProgress = Date.now();
  for (;;) {
    const jobs = await withClient(databaseUrl, async (c) =>
      (await c.query<{ n: number }>(`SELECT count(*)::int AS n FROM "${schema}".webhook_jobs`)).rows[0]?.n ?? 0);
    if (jobs === 0) return { drained: true, waitedMs: Date.now() - started, jobsLeft: 0 };
    if (jobs < last) { last = jobs; lastProgress = Date.now(); }
    if (Date.now() - started > maxMs || Date.now() - lastProgress > stallMs) return { drained: false, waitedMs: Date.now() - started, jobsLeft: jobs };
    await sleep(500);
  }
}
