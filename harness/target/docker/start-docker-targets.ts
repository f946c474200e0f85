// `--target docker`: the bundled reference, in throwaway containers. Needs a container
// engine (exit 2 with what to do when there is none); builds docker/Dockerfile (or
// takes --image); starts PostgreSQL and each system's services of docker/compose.yaml
// with the conformance settings; hands the suites the same target shapes as the
// reference target — webhook with two receiver instances on one database — and
// removes everything afterwards.
import { join } from 'node:path';
import type { SystemName } from '../../checks/check-definition.ts';
import type { RunConfig } from '../run-config.ts';
import type { StartedTarget } from '../started-target.ts';
import type { DeviceServerTarget, ResourceApiTarget, SystemTarget } from '../target-info.ts';
import { REFERENCE_APP, REFERENCE_SESSION_TARGET } from '../references/device-server-reference.ts';
import { referenceWebhookTarget } from '../references/webhook-reference.ts';
import { apiTokens, usersOf, type RunUsers } from '../run-users.ts';
import { requireContainerEngine } from './container-engine.ts';
import { startDockerStack, type DockerStack } from './docker-stack.ts';
import { publishAddress, startReferenceContainer, stopOnce, type RunningContainer } from './reference-container.ts';
import { referenceImage } from './reference-image.ts';
import { CONTAINER_APP_PATH, STACK_SPECS, type ContainerSpec, type StackInputs } from './stack-spec.ts';

type Progress = (line: string) => void;

// Building an image or pulling PostgreSQL can take minutes: say what is happening.
const stderrProgress: Progress = (line) => { process.stderr.write(`wirecheck: docker: ${line}\n`); };

/** The suites' view of a system's containers: the same shapes the reference target gives. */
function targetOf(system: SystemName, urls: readonly string[], config: RunConfig, users: RunUsers): SystemTarget {
  const baseUrl = urls[0] ?? '';
  if (system === 'webhook') return referenceWebhookTarget(urls, config.webhook.secret);
  if (system === 'resource-api') {
    const target: ResourceApiTarget = { system, kind: 'reference', baseUrl, capabilities: ['probe'], ...users };
    return target;
  }
  // The server command runs on the host, not in the container: the CLI checks are the
  // reference target's (`needs server command` here), the HTTP checks run as usual.
  const target: DeviceServerTarget = {
    system, kind: 'reference', baseUrl, capabilities: ['session-discovery'],
    ...REFERENCE_SESSION_TARGET, app: CONTAINER_APP_PATH, commandEnv: {},
  };
  return target;
}

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
  const users = usersOf(config.resourceApi);
  const inputs: StackInputs = {
    databaseUrl: stack.databaseUrl, webhookSecret: config.webhook.secret, appSource: REFERENCE_APP,
    apiTokens: apiTokens(users),
  };
  const specs = STACK_SPECS[system](inputs);
  progress(`starting ${specs.map((s) => s.name).join(', ')}`);
  const running = await startAll(specs, image, stack, join(config.reportDir, 'logs'));
  const urls = specs.flatMap((spec, i) => (spec.serves && running[i] ? [running[i].url] : []));
  return { target: targetOf(system, urls, config, users), stop: async () => { await Promise.allSettled(running.map((c) => c.stop())); } };
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

export async function startDockerTargets(
  config: RunConfig,
  systems: readonly SystemName[],
  env: NodeJS.ProcessEnv,
  progress: Progress = stderrProgress,
): Promise<StartedTarget[]> {
  const engine = await requireContainerEngine(env);
  progress(`container engine ${engine.serverVersion} at ${engine.host}`);
  const image = await referenceImage(config.docker?.image, progress);
  const stack = await startDockerStack({ runId: config.runId, systems, hostIp: publishAddress(engine.host), progress });
  const started: StartedTarget[] = [];
  try {
    for (const system of systems) started.push(await startSystem(system, config, image, stack, progress));
  } catch (error) {
    await stack.stop();
    throw error;
  }
  return shareStack(started, stack);
}
