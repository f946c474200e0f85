// "No label.deleted effect" is evidence only where the probe could have counted one:
// a probe that is missing, or blind to this label, answers 0 too. So after the
// absence is read, the label is deleted for real, by `as` (its owner), and the probe
// must count that deletion (at least one effect, once it shows): the 0 before it was
// a true 0. At least one, not exactly one: how many effects a deletion performs is
// not this check's to judge (RA-DEL-04 and RA-CONC-02/03 judge "no repeated effect"),
// and the preflight has already proved that the probe counts deletions at all.
import { expect } from 'vitest';
import type { CheckContext } from '../checks/check.ts';
import { describeAnswer, resourceApiClient, type Credential } from './resource-api-client.ts';
import { deletionEffects, EFFECT_VISIBLE_MS, settledDeletionEffects } from './resource-api-probe.ts';

export async function expectNoDeletionEffect(ctx: CheckContext, labelId: string, what: string, as: Credential = 'user'): Promise<void> {
  expect(await deletionEffects(ctx, labelId), what).toBe(0);
  ctx.transcript.note('positive control: the label is now deleted by its owner, and the probe must count that deletion');
  const deletion = await resourceApiClient(ctx).deleteLabel(labelId, { as });
  expect(deletion.statusCode, `positive control: the owner's DELETE of label ${labelId} answered ${describeAnswer(deletion)}`).toBe(204);
  expect(await settledDeletionEffects(ctx, labelId),
    `positive control: within ${EFFECT_VISIBLE_MS / 1000} s the probe must count the owner's deletion of label ${labelId} before its earlier 0 can count`).toBeGreaterThanOrEqual(1);
}
