// The webhook's services of docker/compose.yaml for `--target docker`: two receivers
// and a worker on the stack's PostgreSQL, the probe on.
import type { ContainerSpec } from '../../target/docker/stack-spec.ts';
import type { ContainerPlan, StackInputs } from '../system-module.ts';
import type { WebhookOptions } from './webhook-options.ts';
import { referenceWebhookTarget } from './webhook-reference.ts';

export const WEBHOOK_WORKER_ENTRYPOINT = ['node', '--import', 'tsx', 'reference-impl/webhook/worker-main.ts'] as const;

export function webhookContainers(own: WebhookOptions, stack: StackInputs): ContainerPlan {
  const store = { DATABASE_URL: stack.databaseUrl, DATABASE_SCHEMA: 'webhook', LOG_LEVEL: 'info' };
  const receiver = (name: string): ContainerSpec => ({
    name, command: ['webhook'], port: 3000, serves: true,
    env: { ...store, PORT: '3000', WORKER: '0', WEBHOOK_SECRET: own.secret, CONFORMANCE_PROBE: '1' },
  });
  return {
    specs: [
      receiver('webhook-1'),
      receiver('webhook-2'),
      { name: 'webhook-worker', entrypoint: WEBHOOK_WORKER_ENTRYPOINT, command: [], port: 3000, serves: false, env: { ...store, PORT: '3000' } },
    ],
    target: (urls) => referenceWebhookTarget(urls, own),
  };
}
