// Every system of the run gets its target: the bundled reference started as child
// processes (or in containers: --target docker), or the external deployment checked
// by a preflight request.
import type { CheckNeed, SystemName } from '../checks/check-definition.ts';
import { ERROR_CODES, WirecheckError } from '../errors.ts';
import { preflight } from './preflight.ts';
import type { RunConfig } from './run-config.ts';
import type { StartedTarget } from './started-target.ts';
import type { SystemTarget, WebhookTarget } from './target-info.ts';
import { startWebhookReference } from './references/webhook-reference.ts';
import { startResourceApiExternal, startResourceApiReference } from './references/resource-api-reference.ts';
import { startDeviceServerExternal, startDeviceServerReference } from './references/device-server-reference.ts';

/** What the selected checks need of the targets: a reference starts no more than that (one webhook instance unless a race across instances runs). */
export interface TargetDemand {
  readonly needs: ReadonlySet<CheckNeed>;
}

type Starter = (config: RunConfig, env: NodeJS.ProcessEnv, demand: TargetDemand) => Promise<StartedTarget>;

const references: Partial<Record<SystemName, Starter>> = {
  webhook: startWebhookReference,
  'resource-api': startResourceApiReference,
  'device-server': startDeviceServerReference,
};

const externals: Partial<Record<SystemName, Starter>> = {
  webhook: async (config) => {
    const baseUrl = config.baseUrl ?? '';
    for (const url of config.baseUrls) await preflight('webhook receiver', new URL('webhooks/payments', url).toString(), { method: 'POST' });
    // Several --base-url: instances of one deployment, for the races across instances.
    const { versionField } = config.webhook;
    const capabilities = [
      ...(config.probe ? ['probe' as const] : []), ...(config.baseUrls.length > 1 ? ['multi-instance' as const] : []), ...(versionField ? ['event-version' as const] : []),
    ];
    const target: WebhookTarget = {
      system: 'webhook', kind: 'external', baseUrl, instanceUrls: config.baseUrls,
      secret: config.webhook.secret, capabilities, ...(versionField ? { versionField } : {}),
    };
    return { target, stop: async () => {} };
  },
  'resource-api': startResourceApiExternal,
  'device-server': startDeviceServerExternal,
};

export async function startTargets(
  config: RunConfig,
  systems: readonly SystemName[],
  env: NodeJS.ProcessEnv,
  demand: TargetDemand,
): Promise<StartedTarget[]> {
  if (config.docker) {
    // Loaded only here: testcontainers is for docker runs alone.
    const { startDockerTargets } = await import('./docker/start-docker-targets.ts');
    return startDockerTargets(config, systems, env);
  }
  const starters = systems.map((system) => {
    const start = (config.target === 'reference' ? references : externals)[system];
    if (!start) throw new WirecheckError(ERROR_CODES.targetUnavailable, `no ${config.target} target is available for ${system} yet`);
    return start;
  });
  // The systems' targets are independent: start them side by side, and if one fails,
  // stop the others before reporting the first failure.
  const attempts = await Promise.allSettled(starters.map((start) => start(config, env, demand)));
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
