// The probe API of CONTRACTS.md §4 for the resource API: how many side effects of a
// kind were performed for a subject, and the switch that makes the next commit fail.
import type { CheckContext } from '../checks/check.ts';
import { request } from '../http/index.ts';
import { describeAnswer } from './resource-api-client.ts';

export const LABEL_DELETED = 'label.deleted';

/** The number of `label.deleted` effects performed for a label. */
export async function deletionEffects(ctx: CheckContext, labelId: string): Promise<number> {
  const query = new URLSearchParams({ kind: LABEL_DELETED, subject: labelId });
  const response = await request(ctx.target.baseUrl, { method: 'GET', target: `__probe/effects?${query.toString()}` }, { transcript: ctx.transcript });
  if (response.statusCode !== 200) throw new Error(`probe GET /__probe/effects answered ${describeAnswer(response)}: the probe API is not available or broken`);
  const count = (response.json() as { count?: unknown }).count;
  if (typeof count !== 'number') throw new Error(`probe GET /__probe/effects answered ${describeAnswer(response)}: expected {"count": n}`);
  return count;
}

/** Arms the switch: the next mutation's commit fails as if the database were down. */
export async function failNextCommit(ctx: CheckContext): Promise<void> {
  const response = await request(ctx.target.baseUrl, { method: 'POST', target: '__probe/fail-next-commit', body: '' }, { transcript: ctx.transcript });
  if (response.statusCode < 200 || response.statusCode > 299) {
    throw new Error(`probe POST /__probe/fail-next-commit answered ${describeAnswer(response)}: the probe API is not available or broken`);
  }
}

/**
 * Arms fail-next-commit, sends the mutation, and makes sure the switch does not
 * outlive the check: a rejection (4xx) commits nothing, so it would still be armed.
 */
export async function withFailedCommit<R extends { statusCode: number }>(ctx: CheckContext, mutate: () => Promise<R>, useUp: () => Promise<unknown>): Promise<R> {
  await failNextCommit(ctx);
  const response = await mutate();
  if (response.statusCode >= 400 && response.statusCode < 500) {
    ctx.transcript.note('the mutation was rejected before its commit: one more write uses up fail-next-commit');
    await useUp();
  }
  return response;
}
