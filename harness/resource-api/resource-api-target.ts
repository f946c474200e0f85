// The resource-api target of a check, and the one thing only some targets offer: a
// token of the second user (the reference has one; an external target has one when
// given --other-token), without which the cross-user checks cannot prove "no change".
import type { CheckContext } from '../checks/check.ts';
import type { TargetBase } from '../target/target-info.ts';

export interface ResourceApiTarget extends TargetBase {
  readonly system: 'resource-api';
  readonly token: string;
  readonly userId: string;
  readonly otherUserId: string;
  /** A token of the other user, when known (reference): enables cross-user model checks. */
  readonly otherToken?: string;
}

export const NEEDS_OTHER_TOKEN = 'not applicable: needs a token of --other-user-id to read that user\'s state: pass it with --other-token (the reference target has one)';

export function resourceApiTarget(ctx: CheckContext): ResourceApiTarget {
  if (ctx.target.system !== 'resource-api') throw new Error(`${ctx.check.id} is not a resource-api check`);
  return ctx.target as ResourceApiTarget;
}

/** The other user's token, or the check is skipped as not applicable. */
export function otherTokenOrSkip(ctx: CheckContext): string {
  const token = resourceApiTarget(ctx).otherToken;
  return token ?? ctx.skip(NEEDS_OTHER_TOKEN);
}
