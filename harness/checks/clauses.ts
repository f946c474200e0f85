// The rules of each system's spec, one entry per rule, so a report can show which
// rules have checks and which have none (an auditor sees the gaps, not just passes).
import type { SystemName } from './check-definition.ts';
import { webhookClauses } from './clauses/webhook.ts';
import { resourceApiClauses } from './clauses/resource-api.ts';
import { deviceServerClauses } from './clauses/device-server.ts';

export interface Clause {
  /** "Section rule", cited by checks, e.g. "Processing order 1". */
  readonly clause: string;
  /** The rule, shortened from the spec. */
  readonly text: string;
  /** Why no black-box check can cover it, when none does. */
  readonly uncheckable?: string;
}

const clauses: Readonly<Record<SystemName, readonly Clause[]>> = {
  webhook: webhookClauses,
  'resource-api': resourceApiClauses,
  'device-server': deviceServerClauses,
};

export function clausesOf(system: SystemName): readonly Clause[] {
  return clauses[system];
}
