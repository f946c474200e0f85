// The webhook system: signed payment webhook receivers (../shared/specs/webhook-receiver.md).
import { preflight } from '../../target/preflight.ts';
import type { WebhookTarget } from '../../webhook/webhook-target.ts';
import { preflightWebhook } from '../../webhook/webhook-preflight.ts';
import { defineSystem, type StartInputs } from '../system-module.ts';
import { webhookChecks } from './checks.ts';
import { webhookClauses } from './clauses.ts';
import { webhookFaults } from './faults.ts';
import { webhookConcurrentSuites, webhookSuites } from './suites.ts';
import { webhookContainers } from './webhook-containers.ts';
import { resolveWebhookOptions, WEBHOOK_OPTION_ROWS, type WebhookOptions } from './webhook-options.ts';
import { startWebhookReference, WEBHOOK_REFERENCE } from './webhook-reference.ts';

async function startWebhookExternal({ run, own }: StartInputs<WebhookOptions>) {
  for (const url of run.baseUrls) await preflight('webhook receiver', new URL('webhooks/payments', url).toString(), { method: 'POST' });
  // Several --base-url: instances of one deployment, for the races across instances.
  const { versionField } = own;
  const capabilities = [
    ...(run.probe ? ['probe' as const] : []), ...(run.baseUrls.length > 1 ? ['multi-instance' as const] : []), ...(versionField ? ['event-version' as const] : []),
  ];
  const target: WebhookTarget = {
    system: 'webhook', kind: 'external', baseUrl: run.baseUrls[0] ?? '', instanceUrls: run.baseUrls,
    secret: own.secret, capabilities, ...(versionField ? { versionField } : {}),
  };
  return { target, stop: async () => {} };
}

export const webhookSystem = defineSystem<WebhookOptions>({
  name: 'webhook',
  prefix: 'WH',
  description: 'signed payment webhook receivers',
  specFile: 'webhook-receiver.md',
  checks: webhookChecks,
  clauses: webhookClauses,
  suites: webhookSuites,
  concurrentSuites: webhookConcurrentSuites,
  options: WEBHOOK_OPTION_ROWS,
  ownPath: { pattern: /\/webhooks\/payments\/?$/, what: 'the delivery path', added: 'webhooks/payments' },
  instances: true,
  resolve: resolveWebhookOptions,
  faults: webhookFaults,
  reference: WEBHOOK_REFERENCE,
  startReference: startWebhookReference,
  startExternal: startWebhookExternal,
  containers: { plan: webhookContainers, usesPostgres: true },
  preflight: (target, inputs) => preflightWebhook(target as WebhookTarget, { ...inputs, secretGiven: target.kind === 'external' }),
  secrets: (own) => [own.secret],
  fingerprint: (target) => ({ method: 'POST', url: new URL('webhooks/payments', target.baseUrl).toString(), headers: { 'content-length': '0' } }),
});
