// The progress rule of the waits for business work, against a simulated worker (the
// probe is the thing simulated here): a FIFO backlog that keeps moving is waited for
// past the budget; a worker that stops is named stuck once the budget passes, and every
// later wait fails at once with that reason — unless something moved since.
import { afterEach, describe, expect, it } from 'vitest';
import { awaitSendSlot, setTargetTraffic } from '../http/target-traffic.ts';
import { waitUntilSettled, WorkStuckError, type WorkWatch } from './wait-for-work.ts';
import { memoryLedger } from './work-ledger.ts';
import type { EventProbe, WebhookProbe } from './webhook-probe.ts';

afterEach(() => setTargetTraffic(undefined));

/** A worker that completes one queued event every `everyMs`, oldest first (or never); each read of its probe a request to the target. */
function fifoWorker(queue: string[], everyMs: number | undefined): { probe: WebhookProbe; stop(): void } {
  const done = new Set<string>();
  const timer = everyMs === undefined ? undefined : setInterval(() => {
    const next = queue.find((id) => !done.has(id));
    if (next) done.add(next);
  }, everyMs);
  const probe = {
    event: async (id: string): Promise<EventProbe | undefined> => {
      await awaitSendSlot();
      if (!queue.includes(id)) return undefined;
      return done.has(id) ? { records: 1, status: 'completed', effects: 1 } : { records: 1, status: 'accepted', effects: 0 };
    },
  } as unknown as WebhookProbe;
  return { probe, stop: () => clearInterval(timer) };
}

const ids = (prefix: string, n: number) => Array.from({ length: n }, (_, i) => `${prefix}-${i}`);

describe('waitUntilSettled', () => {
  it('waits past the budget while the events ahead keep completing (a slow FIFO worker with a backlog)', async () => {
    const queue = ids('slow', 30);
    const worker = fifoWorker(queue, 50);
    const ledger = memoryLedger();
    ledger.acknowledge(queue);
    const watch: WorkWatch = { probe: worker.probe, ledger, budgetMs: 800 };
    try {
      const started = Date.now();
      const probe = await waitUntilSettled(watch, 'slow-29');
      expect(probe.effects).toBe(1);
      // 30 events at one per 50 ms: well past the 800 ms budget, and still waited for.
      expect(Date.now() - started).toBeGreaterThan(800);
    } finally {
      worker.stop();
    }
  });

  it('names the work stuck once nothing moved for the budget, and the next wait fails at once with that reason', async () => {
    const queue = ids('stuck', 3);
    const worker = fifoWorker(queue, undefined);
    const ledger = memoryLedger();
    ledger.acknowledge(queue);
    const watch: WorkWatch = { probe: worker.probe, ledger, budgetMs: 300 };
    await expect(waitUntilSettled(watch, 'stuck-2')).rejects.toThrow(/no business work progressed for 0.3 s \(--work-timeout\): event stuck-2 is still at "accepted, 0 effect\(s\)", and none of the 2 other events still pending moved/);
    const later = Date.now();
    await expect(waitUntilSettled(watch, 'stuck-1')).rejects.toThrow(WorkStuckError);
    await expect(waitUntilSettled(watch, 'stuck-1')).rejects.toThrow(/found earlier in this run/);
    expect(Date.now() - later).toBeLessThan(300);
  });

  it('gives the wait that found the work stuck and every later one the same root cause, so the reports group their checks', async () => {
    const queue = ids('cause', 3);
    const worker = fifoWorker(queue, undefined);
    const ledger = memoryLedger();
    ledger.acknowledge(queue);
    const watch: WorkWatch = { probe: worker.probe, ledger, budgetMs: 200 };
    const first = await waitUntilSettled(watch, 'cause-2').then(() => undefined, (e: unknown) => e);
    const later = await waitUntilSettled(watch, 'cause-0').then(() => undefined, (e: unknown) => e);
    if (!(first instanceof WorkStuckError) || !(later instanceof WorkStuckError)) throw new Error('expected both waits to fail as stuck');
    expect(later.message).not.toBe(first.message);
    expect(first.rootCause).toEqual({ kind: 'stuck-work', description: `business work does not complete: ${first.message}` });
    expect(later.rootCause).toEqual(first.rootCause);
  });

  it('waits again once something moved after the work was named stuck', async () => {
    const queue = ids('revived', 2);
    const worker = fifoWorker(queue, undefined);
    const ledger = memoryLedger();
    ledger.acknowledge(queue);
    ledger.markStuck({ reason: 'an earlier stall', statuses: { 'revived-0': 'accepted, 0 effect(s)' } });
    const revived = fifoWorker(queue, 20);
    try {
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect((await waitUntilSettled({ probe: revived.probe, ledger, budgetMs: 500 }, 'revived-1')).effects).toBe(1);
      expect(ledger.stuck()).toBeUndefined();
    } finally {
      worker.stop();
      revived.stop();
    }
  });

  it('under --rate-limit, does not take the time its reads wait for their slots as time nothing moved', async () => {
    // 20 reads a second: one look at the 11 events ahead takes 550 ms of slots, more than the budget.
    setTargetTraffic({ headers: [], rateLimit: { count: 20, windowMs: 1000, text: '20/s' } });
    const queue = ids('paced', 12);
    const worker = fifoWorker(queue, 100);
    const ledger = memoryLedger();
    ledger.acknowledge(queue);
    try {
      expect((await waitUntilSettled({ probe: worker.probe, ledger, budgetMs: 400 }, 'paced-11')).effects).toBe(1);
    } finally {
      worker.stop();
    }
  });
});
