// The webhook's target as its suites see it: the receiver's instances and secret.
import type { CheckContext } from '../checks/check.ts';
import type { TargetBase } from '../target/target-info.ts';

export interface WebhookTarget extends TargetBase {
  readonly system: 'webhook';
  readonly secret: string;
  /** Every instance sharing the target's database (the first is baseUrl). */
  readonly instanceUrls: readonly string[];
  /** Where the receiver reads an event's version (a dotted path, e.g. data.version): --version-field. */
  readonly versionField?: string;
  /** Self-test only: deliberate bugs WH-SEND-14/15 give the bundled sender (absent: none). */
  readonly senderFaults?: readonly string[];
}

/** The target of a webhook check. */
export function webhookTarget(ctx: CheckContext): WebhookTarget {
  if (ctx.target.system !== 'webhook') throw new Error(`${ctx.check.id} is not a webhook check`);
  return ctx.target as WebhookTarget;
}
