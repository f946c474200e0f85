import type { Clause } from '../../checks/clause.ts';
import { webhookSpecClauses } from '../webhook/clauses.ts';

// The sender's rules of ../shared/specs/webhook-receiver.md: the entries of the webhook
// spec's clause list (webhook/clauses.ts), not a copy.
const SENDER_RULES = [
  'Request headers: Content-Type', 'Request headers: x-webhook-signature',
  'Sender: success', 'Sender: permanent rejection', 'Sender: retry', 'Sender: cap reached', 'Sender: delay', 'Limits: attempt cap',
];

export const webhookSenderClauses: readonly Clause[] = webhookSpecClauses.filter((c) => SENDER_RULES.includes(c.clause));
