// Deletion for the checks that end a session to see what follows. The spec shows no
// deletion route ("Method and path of session deletion: not shown"): the checks use
// W3C's DELETE {base}session/{id}, and where it does not answer 2xx the check is not
// applicable — skipped, naming the answer — instead of failing for a route the spec
// never gave. (Clean-up deletions elsewhere are not judged at all.)
import type { CheckContext } from '../checks/check.ts';
import type { SessionKeeper } from './session-keeper.ts';
import { describeAnswer, isSuccess, type W3cAnswer } from './w3c-answer.ts';
import type { Method, W3cClient } from './w3c-client.ts';

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

/** A command on a session, relative to its path ({base}session/{id}/…). */
export interface SessionCommand {
  readonly what: string;
  readonly method: Method;
  readonly path: string;
  readonly body?: unknown;
}

/**
 * Commands a live session may answer, each harmless: W3C WebDriver's Get Timeouts, Get
 * Page Source, Get Alert Text, Perform Actions (none) and Release Actions. Which of them a
 * server answers is its driver's business (the reference: the alert and the actions;
 * Appium's fake driver: timeouts, source and the actions), so the checks that judge a
 * deleted session use those the live one answered 2xx: a command that already fails on a
 * live session would fail after deletion whether or not the deletion ended anything.
 */
export const LIVE_SESSION_COMMANDS: readonly SessionCommand[] = [
  { what: 'GET .../timeouts', method: 'GET', path: 'timeouts' },
  { what: 'GET .../source', method: 'GET', path: 'source' },
  { what: 'GET .../alert/text', method: 'GET', path: 'alert/text' },
  { what: 'POST .../actions', method: 'POST', path: 'actions', body: { actions: [] } },
  { what: 'DELETE .../actions', method: 'DELETE', path: 'actions' },
];

/** The commands of LIVE_SESSION_COMMANDS session `id` answers 2xx, every answer in the transcript; none: the check is skipped as not applicable. */
export async function commandsAnsweredLive(ctx: CheckContext, client: W3cClient, id: string): Promise<SessionCommand[]> {
  const answered: SessionCommand[] = [];
  const said: string[] = [];
  for (const command of LIVE_SESSION_COMMANDS) {
    // A command the live session does not answer in time is one the check does not use.
    const answer = await client.session(id, command.method, command.path, command.body).catch((error: unknown) => error as Error);
    said.push(`${command.what} → ${answer instanceof Error ? `no answer (${answer.message.split('\n')[0]})` : describeAnswer(answer)}`);
    if (!(answer instanceof Error) && isSuccess(answer)) answered.push(command);
  }
  ctx.transcript.note(`on the live session ${id} (the presence control):\n${said.join('\n')}`);
  if (answered.length === 0) {
    ctx.skip(`not applicable: no command the check knows succeeded on the live session (${said.join('; ')}), so a failure after its deletion would show nothing`);
  }
  return answered;
}
