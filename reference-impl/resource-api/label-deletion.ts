// DELETE /v1/labels/{label_id}: the state change and its label.deleted effect. The
// correct path is one transaction around the RETURNING-guarded DELETE (labels-repo);
// the other paths here are the deliberate bugs of the faults that concern it.
import { setTimeout as sleep } from 'node:timers/promises';
import type { AppContext } from './app-context.ts';
import type { IfMatch } from './etag.ts';
import type { LabelDeletion } from './labels-repo.ts';
import { deleteLabel, deleteLabelUnguarded, findLabel } from './labels-repo.ts';
import { LABEL_DELETED, recordEffect, reemitEffect } from './outbox.ts';

// Fault concurrent-delete-both-succeed: the gap between the check and the act is
// widened so that concurrent requests reliably both pass the check.
const RACE_WINDOW_MS = 50;

export async function performDeletion(
  ctx: AppContext, id: string, owner: string | null, condition: IfMatch | undefined,
): Promise<LabelDeletion> {
  if (ctx.has('concurrent-delete-both-succeed')) return readThenDelete(ctx, id, owner);
  if (ctx.has('effect-before-commit')) await emitEffectFirst(ctx, id, owner);
  return ctx.db.commit(async (tx) => {
    const outcome = await deleteLabel(tx, id, owner, condition);
    if (!outcome.applied && outcome.reason === 'absent' && ctx.has('repeated-delete-effect')) {
      await reemitEffect(tx, LABEL_DELETED, id);
    }
    return outcome;
  });
}

async function readThenDelete(ctx: AppContext, id: string, owner: string | null): Promise<LabelDeletion> {
  if (!(await findLabel(ctx.db, id, owner))) return { applied: false, reason: 'absent' };
  await sleep(RACE_WINDOW_MS);
  return ctx.db.commit(async (tx) => {
    await deleteLabelUnguarded(tx, id);
    await recordEffect(tx, LABEL_DELETED, id, { labelId: id });
    return { applied: true } as const;
  });
}

async function emitEffectFirst(ctx: AppContext, id: string, owner: string | null): Promise<void> {
  if (await findLabel(ctx.db, id, owner)) await recordEffect(ctx.db, LABEL_DELETED, id, { labelId: id });
}
