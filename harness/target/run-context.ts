// The suites' one way to learn about the run: vitest's inject(), filled by the CLI —
// or, in the mutation run (mutation/), the context its setup file made after starting
// the references inside the vitest worker, where Stryker's mutants are switched on.
import { inject } from 'vitest';
import { setResponseBudget } from '../http/response-budget.ts';
import { RUN_CONTEXT_KEY, type RunContext } from './target-info.ts';

export const IN_WORKER_RUN_CONTEXT = Symbol.for('wirecheck.inWorkerRunContext');

export function runContext(): RunContext {
  const run = inject(RUN_CONTEXT_KEY) ?? (globalThis as { [IN_WORKER_RUN_CONTEXT]?: RunContext })[IN_WORKER_RUN_CONTEXT];
  if (!run) throw new Error('no wirecheck run context: suites run through `wirecheck run`, not vitest directly');
  // The first look at the run is where a suite process learns its response budget: every
  // client reads within it from then on, instead of each call being handed it.
  if (run.maxResponseBytes !== undefined) setResponseBudget(run.maxResponseBytes);
  return run;
}
