// DELETE /v1/labels/{label_id}: the state change and its label.deleted effect. The
// correct path is one transaction around the RETURNING-guarded DELETE (labels-repo);
// the other paths here are the deliberate bugs of the faults that concern it.
import { setTimeout as sleep } from 'node:timers/promises';
import type { AppContext } from './app-context.ts';
import type { IfMatch } from './etag.ts';
import type { LabelDeletion } from './labels-repo.ts';
import { deleteLabel, deleteLabelUnguarded, findLabel } from './labels-repo.ts';
import { LABEL_DELETED, recordEffect, reemitEffect } from './outbox.ts';
import { ProblemError } from './problem.ts';
import { racyDeletion } from './racy-writes.ts';

// Fault concurrent-delete-both-succeed: the gap between the check and the act is
// widened so that concurrent requests reliably both pass the check. A fixed gap alone
// was not reliable: on a loaded machine one DELETE's read could still be waiting on
// PostgreSQL when another's gap had run out (8 DELETEs released together answered one
// 204), so after its gap a DELETE also waits for every read of its label still in
// flight (at most READS_WAIT_MS): each DELETE that began reading before the first act
// passes the check, as the bug's worst interleaving would have it.
const RACE_WINDOW_MS = 50;
const READS_WAIT_MS = 5_000;
const readsInFlight = new Map<string, number>();

// Fault concurrent-delete-409: the labels this process is deleting right now. Label ids
// are unique, so one set serves every app of the process.
const deletionsInFlight = new Set<string>();

export async function performDeletion(
  ctx: AppContext, id: string, owner: string | null, condition: IfMatch | undefined,
): Promise<LabelDeletion> {
  if (ctx.has('concurrent-delete-409')) return refusingConcurrentDeletion(id, () => deleteInTransaction(ctx, id, owner, condition));
  return deleteInTransaction(ctx, id, owner, condition);
}

async function deleteInTransaction(
  ctx: AppContext, id: string, owner: string | null, condition: IfMatch | undefined,
): Promise<LabelDeletion> {
  if (ctx.has('concurrent-delete-both-succeed')) return readThenDelete(ctx, id, owner);
  if (ctx.has('lock-per-request') || ctx.has('no-row-lock') || ctx.has('multi-process-read-then-write')) return racyDeletion(ctx, id, owner, condition);
  if (ctx.has('effect-before-commit')) await emitEffectFirst(ctx, id, owner);
  return ctx.db.commit(async (tx) => {
    const outcome = await deleteLabel(tx, id, owner, condition);
    if (!outcome.applied && outcome.reason === 'absent' && ctx.has('repeated-delete-effect')) {
      await reemitEffect(tx, LABEL_DELETED, id);
    }
    return outcome;
  });
}

/** A DELETE that meets another of the same label answers 409, as a lock conflict surfaced to the client would, instead of waiting its turn. */
async function refusingConcurrentDeletion(id: string, deletion: () => Promise<LabelDeletion>): Promise<LabelDeletion> {
  if (deletionsInFlight.has(id)) throw new ProblemError('conflict', 'another request is deleting this label; try again');
  deletionsInFlight.add(id);
  try {
    return await deletion();
  } finally {
    deletionsInFlight.delete(id);
  }
}

async function readThenDelete(ctx: AppContext, id: string, owner: string | null): Promise<LabelDeletion> {
  if (!(await readCounted(ctx, id, owner))) return { applied: false, reason: 'absent' };
  await sleep(RACE_WINDOW_MS);
  for (const end = Date.now() + READS_WAIT_MS; (readsInFlight.get(id) ?? 0) > 0 && Date.now() < end;) await sleep(5);
  return ctx.db.commit(async (tx) => {
    await deleteLabelUnguarded(tx, id);
    await recordEffect(tx, LABEL_DELETED, id, { labelId: id });
    return { applied: true } as const;
  });
}

/** findLabel, counted in readsInFlight while it runs. */
async function readCounted(ctx: AppContext, id: string, owner: string | null) {
  readsInFlight.set(id, (readsInFlight.get(id) ?? 0) + 1);
  try {
    return await findLabel(ctx.db, id, owner);
  } finally {
    const left = (readsInFlight.get(id) ?? 1) - 1;
    if (left === 0) readsInFlight.delete(id);
    else readsInFlight.set(id, left);
  }
}

async function emitEffectFirst(ctx: AppContext, id: string, owner: string | null): Promise<void> {
  if (await findLabel(ctx.db, id, owner)) await recordEffect(ctx.db, LABEL_DELETED, id, { labelId: id });
}
