import type { Clause } from '../../checks/clause.ts';
import { webhookClauses } from '../webhook/clauses.ts';

// The sender's rules of ../shared/specs/webhook-receiver.md: the webhook's own entries for
// them (its WH-SEND checks judge the bundled sender in-process), not a copy.
const SENDER_RULES = [
  'Request headers: Content-Type', 'Request headers: x-webhook-signature',
  'Sender: success', 'Sender: permanent rejection', 'Sender: retry', 'Sender: cap reached', 'Sender: delay', 'Limits: attempt cap',
];

export const webhookSenderClauses: readonly Clause[] = webhookClauses.filter((c) => SENDER_RULES.includes(c.clause));
