// The resource-api target of a check, and the one thing only some targets offer: a
// token of the second user (the reference has one; an external target has one when
// given --other-token), without which the cross-user checks cannot prove "no change".
import type { CheckContext } from '../checks/check.ts';
import type { ResourceApiTarget } from '../target/target-info.ts';

export const NEEDS_OTHER_TOKEN = 'not applicable: needs a token of --other-user-id to read that user\'s state: pass it with --other-token (the reference target has one)';

export function resourceApiTarget(ctx: CheckContext): ResourceApiTarget {
  if (ctx.target.system !== 'resource-api') throw new Error(`${ctx.check.id} is not a resource-api check`);
  return ctx.target;
}

/** The other user's token, or the check is skipped as not applicable. */
export function otherTokenOrSkip(ctx: CheckContext): string {
  const token = resourceApiTarget(ctx).otherToken;
  return token ?? ctx.skip(NEEDS_OTHER_TOKEN);
}
