// Every system of the run gets its target: the bundled reference started as child
// processes (or in containers: --target docker), or the external deployment checked
// by a preflight request.
import type { SystemName } from '../checks/check-definition.ts';
import { ERROR_CODES, WirecheckError } from '../errors.ts';
import { preflight } from './preflight.ts';
import type { RunConfig } from './run-config.ts';
import type { StartedTarget } from './started-target.ts';
import type { SystemTarget, WebhookTarget } from './target-info.ts';
import { startWebhookReference } from './references/webhook-reference.ts';
import { startResourceApiExternal, startResourceApiReference } from './references/resource-api-reference.ts';
import { startDeviceServerExternal, startDeviceServerReference } from './references/device-server-reference.ts';

type Starter = (config: RunConfig, env: NodeJS.ProcessEnv) => Promise<StartedTarget>;

const references: Partial<Record<SystemName, Starter>> = {
  webhook: startWebhookReference,
  'resource-api': startResourceApiReference,
  'device-server': startDeviceServerReference,
};

const externals: Partial<Record<SystemName, Starter>> = {
  webhook: async (config) => {
    const baseUrl = config.baseUrl ?? '';
    await preflight('webhook receiver', new URL('webhooks/payments', baseUrl).toString(), { method: 'POST' });
    const target: WebhookTarget = {
      system: 'webhook', kind: 'external', baseUrl, instanceUrls: [baseUrl],
      secret: config.webhook.secret, capabilities: config.probe ? ['probe'] : [],
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
): Promise<StartedTarget[]> {
  if (config.docker) {
    // Loaded only here: testcontainers is for docker runs alone.
    const { startDockerTargets } = await import('./docker/start-docker-targets.ts');
    return startDockerTargets(config, systems, env);
  }
  const started: StartedTarget[] = [];
  try {
    for (const system of systems) {
      const start = (config.target === 'reference' ? references : externals)[system];
      if (!start) throw new WirecheckError(ERROR_CODES.targetUnavailable, `no ${config.target} target is available for ${system} yet`);
      started.push(await start(config, env));
    }
    return started;
  } catch (error) {
    await stopTargets(started);
    throw error;
  }
}

export async function stopTargets(started: readonly StartedTarget[]): Promise<void> {
  await Promise.allSettled(started.map((s) => s.stop()));
}

export function targetsBySystem(started: readonly StartedTarget[]): Partial<Record<SystemName, SystemTarget>> {
  return Object.fromEntries(started.map((s) => [s.target.system, s.target]));
}
