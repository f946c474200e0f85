// Every system of the run gets its target: the bundled reference started as child
// processes (or in containers: --target docker), or the external deployment checked
// by a preflight request — each by its own module; with --wait-for, an external one that
// does not answer yet is retried until it does or the time is up.
import type { SystemName } from '../checks/check-definition.ts';
import { harnessErrorIn } from '../checks/harness-error.ts';
import type { Output } from '../report/output.ts';
import type { StartedTarget } from '../target/started-target.ts';
import type { SystemTarget } from '../target/target-info.ts';
import { moduleOf } from '../systems/registry.ts';
import type { TargetDemand } from '../systems/system-module.ts';
import type { RunConfig } from './run-config.ts';
import { retryWhileUnreachable } from './retry-while-unreachable.ts';
import { waitingLine } from './waiting-line.ts';

export type { TargetDemand };

/** A system whose target the harness could not start through its own trouble (a limit of its own ran out): its checks end `error`. */
export interface UnstartedSystem {
  readonly system: SystemName;
  /** The reason its checks state (checks/harness-error.ts). */
  readonly reason: string;
}

export interface StartedTargets {
  readonly started: StartedTarget[];
  readonly unstarted: readonly UnstartedSystem[];
}

/**
 * Starts every system's target. A failure that is a set-up mistake (a reference that
 * exits, a target that cannot be reached) stops the others and is thrown (exit 2); one
 * that is the harness's own trouble leaves that system unstarted and the rest run.
 */
export async function startTargets(config: RunConfig, systems: readonly SystemName[], demand: TargetDemand, io: Output): Promise<StartedTargets> {
  if (config.docker) {
    // Loaded only here: testcontainers is for docker runs alone.
    const { startDockerTargets } = await import('./start-docker-targets.ts');
    return { started: await startDockerTargets(config, systems), unstarted: [] };
  }
  // The systems' targets are independent: start them side by side; if one fails through a
  // set-up mistake, stop the others before reporting it.
  const waiting = waitingLine(io, config.waitForMs);
  const attempts = await Promise.allSettled(systems.map((name) => {
    const module = moduleOf(name);
    const inputs = { run: config, own: config.own[name], demand };
    if (config.target === 'reference') return module.startReference(inputs);
    // startExternal only reaches the target and leaves nothing behind: it may be tried again.
    return retryWhileUnreachable(() => module.startExternal(inputs), config.waitForMs, waiting.watcher(name, config.baseUrls.join(' ')));
  }));
  const started = attempts.flatMap((a) => (a.status === 'fulfilled' ? [a.value] : []));
  const unstarted: UnstartedSystem[] = [];
  for (const [i, attempt] of attempts.entries()) {
    if (attempt.status === 'fulfilled') continue;
    const trouble = harnessErrorIn(attempt.reason);
    const system = systems[i];
    if (!trouble || system === undefined) {
      await stopTargets(started);
      throw attempt.reason;
    }
    unstarted.push({ system, reason: trouble.reason });
    io.err(`wirecheck: ${system}: ${(attempt.reason as Error).message}`);
  }
  return { started, unstarted };
}

export async function stopTargets(started: readonly StartedTarget[]): Promise<void> {
  await Promise.allSettled(started.map((s) => s.stop()));
}

export function targetsBySystem(started: readonly StartedTarget[]): Partial<Record<SystemName, SystemTarget>> {
  return Object.fromEntries(started.map((s) => [s.target.system, s.target]));
}
