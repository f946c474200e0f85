// Fault commit-after-204: the change is left to a background task that runs once the
// 204 has been sent (as a framework's "background tasks after the response" do), a few
// milliseconds later. Everything a request is refused for (404, 412) is still decided
// first, on what is committed now, so only the order of answer and commit is wrong
// (204 rules 4: "A 204 is returned only after the change is durably committed."): a
// read made at once on another connection sees the state from before the 204.
import type { FastifyReply } from 'fastify';
import type { AppContext } from './app-context.ts';
import type { IfMatch } from './etag.ts';
import { deleteLabel, findLabel } from './labels-repo.ts';
import { readPreferences, writePreferences } from './preferences-repo.ts';

/** How long after its 204 was sent the deferred commit runs (AppDeps.lateCommitMs overrides it). */
export const LATE_COMMIT_MS = 15;

const matches = (condition: IfMatch | undefined, version: number): boolean =>
  condition === undefined || condition.kind === 'any' || condition.versions.includes(version);

/** Runs the commit lateCommitMs after the answer went out. */
function commitOnceSent(ctx: AppContext, reply: FastifyReply, commit: () => Promise<unknown>): void {
  reply.raw.once('finish', () => ctx.db.later(ctx.lateCommitMs, commit));
}

/** PATCH: the precondition judged now; the write after the 204. Returns the version the 204 announces, or undefined for a 412. */
export async function patchAfterAnswer(
  ctx: AppContext, reply: FastifyReply, userId: string, weeklyDigest: boolean, condition: IfMatch | undefined,
): Promise<number | undefined> {
  const current = await readPreferences(ctx.db, userId);
  if (!matches(condition, current.version)) return undefined;
  commitOnceSent(ctx, reply, () => ctx.db.commit((tx) => writePreferences(tx, userId, weeklyDigest, undefined)));
  return current.version + 1;
}

/** DELETE: absence and the precondition judged now; the deletion after the 204. */
export async function deleteAfterAnswer(
  ctx: AppContext, reply: FastifyReply, id: string, owner: string | null, condition: IfMatch | undefined,
): Promise<'absent' | 'precondition-failed' | 'deferred'> {
  const label = await findLabel(ctx.db, id, owner);
  if (!label) return 'absent';
  if (!matches(condition, label.version)) return 'precondition-failed';
  commitOnceSent(ctx, reply, () => ctx.db.commit((tx) => deleteLabel(tx, id, owner, condition)));
  return 'deferred';
}
