// What a suite process is told about the run (SuiteRun; RunConfig is the CLI's whole
// configuration, of which this is the part the suites need), and the suites' one way
// to read it, suiteRun(): vitest's inject(), filled by `wirecheck run` — or, in the
// mutation run (mutation/), what its setup file made after starting the references
// inside the vitest worker, where Stryker's mutants are switched on.
import { inject } from 'vitest';
import { setResponseBudget } from '../http/response-budget.ts';
import { setTargetTraffic, type TargetTraffic } from '../http/target-traffic.ts';
import { setLimitScale } from '../target/machine-pace.ts';
import type { SystemFindings, SystemTarget } from '../target/target-info.ts';
import type { SystemCheck, SystemName } from './check-definition.ts';

/** What the suites are told about the run. */
export interface SuiteRun {
  readonly seed: number;
  readonly strict: boolean;
  readonly reportDir: string;
  /** A folder of the run's own, shared by its suite processes (the webhook's work ledger); removed afterwards. */
  readonly scratchDir?: string;
  /** --work-timeout, in ms. */
  readonly workTimeoutMs?: number;
  /** --max-response-bytes: every client of a suite process reads within it (harness/http/response-budget.ts). */
  readonly maxResponseBytes?: number;
  /**
   * --header, --secret-header and --rate-limit: every client of a suite process sends
   * within them (harness/http/target-traffic.ts); the rate limit's pacer is the run's,
   * served by the wirecheck process. Passed here, not in the environment.
   */
  readonly traffic?: TargetTraffic;
  /** How much the harness's own limits are stretched on this machine (target/machine-pace.ts; absent: 1). */
  readonly limitScale?: number;
  /** The preflight's findings per system (absent: nothing found). */
  readonly findings?: Readonly<Partial<Record<SystemName, SystemFindings>>>;
  /** `wirecheck run ...` reproducing this run (secrets as env references), without --only. */
  readonly reproduce: string;
  readonly targets: Readonly<Partial<Record<SystemName, SystemTarget>>>;
  /** Every secret of the run, for redaction in transcripts. */
  readonly secrets: readonly string[];
  /** Keep every check's transcript, not only those of failed and warned checks (replay). */
  readonly keepTranscripts?: boolean;
  /** The definitions of the run's checks (the catalog of its systems): check() takes a check's level, title and needs from here. */
  readonly checks: readonly SystemCheck[];
}

export const SUITE_RUN_KEY = 'wirecheckRun';

declare module 'vitest' {
  export interface ProvidedContext {
    [SUITE_RUN_KEY]: SuiteRun;
  }
}

export const IN_WORKER_SUITE_RUN = Symbol.for('wirecheck.inWorkerSuiteRun');

export function suiteRun(): SuiteRun {
  const run = inject(SUITE_RUN_KEY) ?? (globalThis as { [IN_WORKER_SUITE_RUN]?: SuiteRun })[IN_WORKER_SUITE_RUN];
  if (!run) throw new Error('no wirecheck run context: suites run through `wirecheck run`, not vitest directly');
  // The first look at the run is where a suite process learns its response budget: every
  // client reads within it from then on, instead of each call being handed it.
  if (run.maxResponseBytes !== undefined) setResponseBudget(run.maxResponseBytes);
  // And how far its own limits stretch on this machine.
  if (run.limitScale !== undefined) setLimitScale(run.limitScale);
  // And its traffic rules (set once; the same again is kept).
  setTargetTraffic(run.traffic);
  return run;
}
