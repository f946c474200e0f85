// The suites' one way to learn about the run: vitest's inject(), filled by the CLI.
import { inject } from 'vitest';
import { RUN_CONTEXT_KEY, type RunContext, type SystemTarget } from './target-info.ts';
import type { SystemName } from '../checks/check-definition.ts';

export function runContext(): RunContext {
  const run = inject(RUN_CONTEXT_KEY);
  if (!run) throw new Error('no wirecheck run context: suites run through `wirecheck run`, not vitest directly');
  return run;
}

export function targetOf<S extends SystemName>(system: S): Extract<SystemTarget, { system: S }> {
  const target = runContext().targets[system];
  if (!target) throw new Error(`no ${system} target in this run`);
  return target as Extract<SystemTarget, { system: S }>;
}
