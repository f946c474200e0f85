// The worker: claims jobs, runs the business action and completes the job in one
// transaction, retries a failing action a bounded number of times. Runs inside the
// receiver process or on its own (worker-main.ts); any number may share a database.
import type { Logger } from 'pino';
import type { SqlStore } from '../../store/sql-store.ts';
import type { WebhookFault } from '../faults.ts';
import type { WebhookMetrics } from '../metrics.ts';
import { performBusinessAction } from './business-action.ts';
import { claimNextJob, completeJob, failJob, type ClaimedJob } from './job-queue.ts';
import { LostClaimError } from './processing-error.ts';

export interface WorkerOptions {
  readonly concurrency: number;
  readonly pollMs: number;
  readonly leaseMs: number;
  readonly maxAttempts: number;
  readonly retryBaseMs: number;
}

export const DEFAULT_WORKER_OPTIONS: WorkerOptions = { concurrency: 2, pollMs: 100, leaseMs: 30_000, maxAttempts: 3, retryBaseMs: 200 };

/** The slow-second-effect-on-duplicate fault: how long every event's business work takes. */
export const SLOW_WORK_MS = 1_000;

export interface Worker {
  /** Wakes an idle worker at once (a job was just queued). */
  nudge(): void;
  stop(): Promise<void>;
}

export function startWorker(deps: { store: SqlStore; metrics: WebhookMetrics; logger: Logger; faults: ReadonlySet<WebhookFault>; options: WorkerOptions }): Worker {
  let running = true;
  let wake: (() => void) | undefined;
  const idle = () => new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, deps.options.pollMs);
    wake = () => { clearTimeout(timer); resolve(); };
  });
  const loop = async () => {
    while (running) {
      try {
        const job = await claimNextJob(deps.store, deps.options.leaseMs);
        if (job) await processJob(deps, job);
        else await idle();
      }
      catch (error) {
        deps.logger.error({ err: (error as Error).message }, 'worker: could not claim a job');
        await idle();
      }
    }
  };
  if (deps.faults.has('no-worker')) running = false;
  const loops = Array.from({ length: deps.options.concurrency }, () => loop());
  return {
    nudge: () => wake?.(),
    async stop() {
      running = false;
      wake?.();
      await Promise.allSettled(loops);
    },
  };
}

async function processJob(deps: Parameters<typeof startWorker>[0], job: ClaimedJob): Promise<void> {
  const log = deps.logger.child({ eventId: job.eventId });
  if (deps.faults.has('slow-second-effect-on-duplicate')) await new Promise((resolve) => setTimeout(resolve, SLOW_WORK_MS));
  try {
    const { applied } = await deps.store.transaction(async (tx) => {
      const result = await performBusinessAction(tx, job, deps.faults);
      await completeJob(tx, job);
      return result;
    });
    if (deps.faults.has('effect-twice')) await duplicateEffect(deps.store, job);
    if (!applied) deps.metrics.staleEvents.inc();
    deps.metrics.receiptToCompletion.observe((Date.now() - job.receivedAt.getTime()) / 1000);
    log.info({ applied, attempts: job.attempts }, 'event completed');
  }
  catch (error) {
    await recordFailure(deps, job, log, error);
  }
}

/** After a failed attempt: retried later or, attempts used up, marked failed; a lost claim is left alone. */
async function recordFailure(deps: Parameters<typeof startWorker>[0], job: ClaimedJob, log: Logger, error: unknown): Promise<void> {
  if (error instanceof LostClaimError) return log.warn({ reason: error.message }, 'event left to its current claim holder');
  deps.metrics.failures.inc({ kind: 'processing' });
  const outcome = await failJob(deps.store, job, (error as Error).message, {
    maxAttempts: deps.options.maxAttempts, delayMs: deps.options.retryBaseMs * 2 ** (job.attempts - 1),
  });
  if (outcome === 'retry') deps.metrics.retries.inc();
  else deps.metrics.exhausted.inc();
  log.warn({ reason: (error as Error).message, attempts: job.attempts, outcome }, 'business action failed');
}

/** The effect-twice fault: the business work recorded a second time, outside its transaction. */
async function duplicateEffect(store: SqlStore, job: ClaimedJob): Promise<void> {
  await store.query(`INSERT INTO webhook_effects (provider, effect_key, event_id, applied) VALUES ('payments', $1, $2, false)`,
    [`${job.eventKey}#again`, job.eventId]);
}
