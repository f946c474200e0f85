// Deletion for the checks that end a session to see what follows. The spec shows no
// deletion route ("Method and path of session deletion: not shown"): the checks use
// W3C's DELETE {base}session/{id}, and where it does not answer 2xx the check is not
// applicable — skipped, naming the answer — instead of failing for a route the spec
// never gave. (Clean-up deletions elsewhere are not judged at all.)
import type { CheckContext } from '../checks/check.ts';
import type { SessionKeeper } from './session-keeper.ts';
import { describeAnswer, isSuccess, type W3cAnswer } from './w3c-answer.ts';

export function deletionSkipReason(id: string, answer: W3cAnswer): string {
  return `not applicable: the spec does not show how a session is deleted ("Method and path of session deletion: not shown"), `
    + `and the target answers W3C's DELETE {base}session/${id} with ${describeAnswer(answer)}, not 2xx`;
}

/** Deletes session `id` by the W3C route; a non-2xx answer skips the check as not applicable. */
export async function deleteOrSkip(ctx: CheckContext, sessions: SessionKeeper, id: string): Promise<W3cAnswer> {
  const answer = await sessions.delete(id);
  if (!isSuccess(answer)) ctx.skip(deletionSkipReason(id, answer));
  return answer;
}
