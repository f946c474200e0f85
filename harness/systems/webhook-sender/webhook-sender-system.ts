// The webhook sender system: senders of signed payment webhooks, certified as black boxes
// (../shared/specs/webhook-receiver.md, "Sender-side delivery rules"): wirecheck plays
// the receiver, scripts its answers and grades the attempts it gets.
import { preflightSender } from '../../webhook-sender/sender-preflight.ts';
import type { SenderTarget } from '../../webhook-sender/sender-target.ts';
import { defineSystem } from '../system-module.ts';
import { webhookSenderChecks } from './checks.ts';
import { webhookSenderClauses } from './clauses.ts';
import { webhookSenderFaults } from './faults.ts';
import { webhookSenderSuites } from './suites.ts';
import { resolveWebhookSenderOptions, WEBHOOK_SENDER_OPTION_ROWS, type WebhookSenderOptions } from './webhook-sender-options.ts';
import { startWebhookSender } from './webhook-sender-target.ts';

export const webhookSenderSystem = defineSystem<WebhookSenderOptions>({
  name: 'webhook-sender',
  prefix: 'WS',
  description: 'senders of signed payment webhooks: wirecheck plays the receiver, the bundled sender is `wirecheck send`',
  specFile: 'webhook-receiver.md',
  checks: webhookSenderChecks,
  clauses: webhookSenderClauses,
  suites: webhookSenderSuites,
  options: WEBHOOK_SENDER_OPTION_ROWS,
  reachedByUrl: false,
  // --sender-cmd and --listen are the vendor's sender, with or without --target external.
  namesExternalTarget: (own) => own.trigger !== undefined,
  resolve: resolveWebhookSenderOptions,
  faults: webhookSenderFaults,
  // No server to `wirecheck serve`: its reference is the CLI `wirecheck send`, run per scenario.
  startReference: startWebhookSender,
  startExternal: startWebhookSender,
  preflight: (target, inputs) => preflightSender(target as SenderTarget, inputs),
  secrets: (own, target) => [own.secret, ...(target ? [(target as SenderTarget).secret] : [])],
  fingerprint: () => undefined,
});
