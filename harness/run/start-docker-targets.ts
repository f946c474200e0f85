// `--target docker`: the bundled reference, in throwaway containers. Needs a container
// engine (exit 2 with what to do when there is none); builds docker/Dockerfile (or
// takes --image); starts PostgreSQL and each system's services of docker/compose.yaml
// with the conformance settings; hands the suites the same target shapes as the
// reference target — webhook with two receiver instances on one database — and
// removes everything afterwards.
import { join } from 'node:path';
import type { SystemName } from '../checks/check-definition.ts';
import { ERROR_CODES, WirecheckError } from '../errors.ts';
import type { StartedTarget } from '../target/started-target.ts';
import { requireContainerEngine } from '../target/docker/container-engine.ts';
import { startDockerStack, type DockerStack } from '../target/docker/docker-stack.ts';
import { publishAddress, startReferenceContainer, stopOnce, type RunningContainer } from '../target/docker/reference-container.ts';
import { referenceImage } from '../target/docker/reference-image.ts';
import type { ContainerSpec } from '../target/docker/stack-spec.ts';
import { moduleOf } from '../systems/registry.ts';
import type { RunConfig } from './run-config.ts';

type Progress = (line: string) => void;

// Building an image or pulling PostgreSQL can take minutes: say what is happening.
const stderrProgress: Progress = (line) => { process.stderr.write(`wirecheck: docker: ${line}\n`); };

async function startAll(specs: readonly ContainerSpec[], image: string, stack: DockerStack, logDir: string): Promise<RunningContainer[]> {
  const options = { image, network: stack.network, hostIp: stack.hostIp, logDir, labels: stack.labels };
  const results = await Promise.allSettled(specs.map((spec) => startReferenceContainer(spec, options)));
  const running = results.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []));
  stack.containers.push(...running);
  const failed = results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
  if (failed) {
    await Promise.allSettled(running.map((c) => c.stop()));
    throw failed.reason;
  }
  return running;
}

async function startSystem(system: SystemName, config: RunConfig, image: string, stack: DockerStack, progress: Progress): Promise<StartedTarget> {
  const module = moduleOf(system);
  const { containers } = module;
  // A system whose reference is no server (the webhook sender: a command wirecheck runs) needs no container.
  if (!containers && !module.reference) return module.startReference({ run: config, own: config.own[system], demand: { needs: new Set() } });
  if (!containers) throw new WirecheckError(ERROR_CODES.targetUnavailable, `--target docker has no containers for ${system}: use --target reference or external`);
  // The suites' view of the containers: the same shapes the reference target gives.
  const plan = containers.plan(config.own[system], { databaseUrl: stack.databaseUrl });
  progress(`starting ${plan.specs.map((s) => s.name).join(', ')}`);
  const running = await startAll(plan.specs, image, stack, join(config.reportDir, 'logs'));
  const urls = plan.specs.flatMap((spec, i) => (spec.serves && running[i] ? [running[i].url] : []));
  return { target: plan.target(urls), stop: async () => { await Promise.allSettled(running.map((c) => c.stop())); } };
}

/** Each system's stop stops its containers; the last one also takes the stack down. */
function shareStack(started: readonly StartedTarget[], stack: DockerStack): StartedTarget[] {
  let left = started.length;
  return started.map((s) => ({
    target: s.target,
    stop: stopOnce(async () => {
      await s.stop();
      left -= 1;
      if (left === 0) await stack.stop();
    }),
  }));
}

export async function startDockerTargets(config: RunConfig, systems: readonly SystemName[], progress: Progress = stderrProgress): Promise<StartedTarget[]> {
  const engine = await requireContainerEngine(config.docker?.dockerHost);
  progress(`container engine ${engine.serverVersion} at ${engine.host}`);
  const image = await referenceImage(config.docker?.image, progress);
  const postgres = systems.some((system) => moduleOf(system).containers?.usesPostgres === true);
  const stack = await startDockerStack({ runId: config.runId, postgres, hostIp: publishAddress(engine.host), progress });
  const started: StartedTarget[] = [];
  try {
    for (const system of systems) started.push(await startSystem(system, config, image, stack, progress));
  } catch (error) {
    await stack.stop();
    throw error;
  }
  return shareStack(started, stack);
}
