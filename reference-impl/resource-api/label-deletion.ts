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
  // Stryker disable next-line ConditionalExpression,StringLiteral: fault switch only: reachable with concurrent-delete-both-succeed on (→ false and the emptied name change nothing); the directive also hides the detected → true, which deletes every label by reading it first and never tests If-Match: a stale If-Match deletes, which RA-COND-02 sees
  if (ctx.has('concurrent-delete-both-succeed')) return readThenDelete(ctx, id, owner);
  // Stryker disable next-line ConditionalExpression,StringLiteral: fault switch only: reachable with effect-before-commit on (→ false and the emptied name change nothing); the directive also hides the detected → true, which records a label.deleted effect before every deletion, besides the deletion's own: RA-DEL-04 sees two
  if (ctx.has('effect-before-commit')) await emitEffectFirst(ctx, id, owner);
  return ctx.db.commit(async (tx) => {
    const outcome = await deleteLabel(tx, id, owner, condition);
    // Stryker disable next-line ConditionalExpression,LogicalOperator,BooleanLiteral,EqualityOperator,StringLiteral,BlockStatement: fault switch only: reachable with repeated-delete-effect on (the whole test needs the switch, so → false, → true of one operand, || for the first &&, applied for !applied, !== for ===, the emptied strings and block change nothing); the directive also hides the detected → true of the whole test and || for the last &&, which record the effect again after every deletion or every repeat: RA-DEL-04 sees it
    if (!outcome.applied && outcome.reason === 'absent' && ctx.has('repeated-delete-effect')) {
      await reemitEffect(tx, LABEL_DELETED, id);
    }
    return outcome;
  });
}

// Stryker disable all: fault switch only: readThenDelete runs with concurrent-delete-both-succeed on, emitEffectFirst with effect-before-commit on
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
