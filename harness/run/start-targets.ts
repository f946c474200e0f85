// Every system of the run gets its target: the bundled reference started as child
// processes (or in containers: --target docker), or the external deployment checked
// by a preflight request — each by its own module; with --wait-for, an external one that
// does not answer yet is retried until it does or the time is up.
import type { SystemName } from '../checks/check-definition.ts';
import type { Output } from '../report/output.ts';
import type { StartedTarget } from '../target/started-target.ts';
import type { SystemTarget } from '../target/target-info.ts';
import { moduleOf } from '../systems/registry.ts';
import type { TargetDemand } from '../systems/system-module.ts';
import type { RunConfig } from './run-config.ts';
import { retryWhileUnreachable } from './retry-while-unreachable.ts';
import { waitingLine } from './waiting-line.ts';

export type { TargetDemand };

export async function startTargets(config: RunConfig, systems: readonly SystemName[], demand: TargetDemand, io: Output): Promise<StartedTarget[]> {
  if (config.docker) {
    // Loaded only here: testcontainers is for docker runs alone.
    const { startDockerTargets } = await import('./start-docker-targets.ts');
    return startDockerTargets(config, systems);
  }
  // The systems' targets are independent: start them side by side, and if one fails,
  // stop the others before reporting the first failure.
  const waiting = waitingLine(io, config.waitForMs);
  const attempts = await Promise.allSettled(systems.map((name) => {
    const module = moduleOf(name);
    const inputs = { run: config, own: config.own[name], demand };
    if (config.target === 'reference') return module.startReference(inputs);
    // startExternal only reaches the target and leaves nothing behind: it may be tried again.
    return retryWhileUnreachable(() => module.startExternal(inputs), config.waitForMs, waiting.watcher(name, config.baseUrls.join(' ')));
  }));
  const started = attempts.flatMap((a) => (a.status === 'fulfilled' ? [a.value] : []));
  const failed = attempts.find((a): a is PromiseRejectedResult => a.status === 'rejected');
  if (failed) {
    await stopTargets(started);
    throw failed.reason;
  }
  return started;
}

export async function stopTargets(started: readonly StartedTarget[]): Promise<void> {
  await Promise.allSettled(started.map((s) => s.stop()));
}

export function targetsBySystem(started: readonly StartedTarget[]): Partial<Record<SystemName, SystemTarget>> {
  return Object.fromEntries(started.map((s) => [s.target.system, s.target]));
}
