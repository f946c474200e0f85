// The probe API of CONTRACTS.md §4 for the resource API: how many side effects of a
// kind were performed for a subject, and the switch that makes the next commit fail.
// An answer outside the contract's shape names the probe as broken.
import { setTimeout as sleep } from 'node:timers/promises';
import type { CheckContext } from '../checks/check.ts';
import { isJsonObject } from '../checks/is-json.ts';
import { request, type Transcript } from '../http/index.ts';
import { describeAnswer } from './resource-api-client.ts';

export const LABEL_DELETED = 'label.deleted';

/** How long the effect of a deletion may take to show in the probe (the preflight allows as long). */
export const EFFECT_VISIBLE_MS = 2_000;

/** A probe answer outside CONTRACTS §4: the probe is broken, whatever the target did. */
export class ResourceApiProbeError extends Error {
  override readonly name = 'ResourceApiProbeError';
}

export class ResourceApiProbe {
  constructor(private readonly baseUrl: string, private readonly transcript?: Transcript) {}

  private options(): { transcript?: Transcript } {
    return this.transcript ? { transcript: this.transcript } : {};
  }

  /** The number of `label.deleted` effects performed for a label. */
  async deletionEffects(labelId: string): Promise<number> {
    const query = new URLSearchParams({ kind: LABEL_DELETED, subject: labelId });
    const response = await request(this.baseUrl, { method: 'GET', target: `__probe/effects?${query.toString()}` }, this.options());
    if (response.statusCode !== 200) throw new ResourceApiProbeError(`the probe's GET /__probe/effects answered ${describeAnswer(response)}: the probe API is not available or broken (CONTRACTS §4: 200 {"count": n})`);
    let json: unknown;
    try {
      json = response.json();
    } catch {
      json = undefined;
    }
    const count = isJsonObject(json) ? json['count'] : undefined;
    if (!Number.isInteger(count) || (count as number) < 0) throw new ResourceApiProbeError(`the probe's GET /__probe/effects answered ${describeAnswer(response)}: CONTRACTS §4 wants {"count": n}`);
    return count as number;
  }

  /**
   * The effects of a deletion, once they show: a target may record its effect a moment
   * after the 204, and a count read too early would make that look like none (or a
   * repeat look like none more). Polls for up to EFFECT_VISIBLE_MS while it reads 0.
   */
  async settledDeletionEffects(labelId: string): Promise<number> {
    const deadline = Date.now() + EFFECT_VISIBLE_MS;
    for (;;) {
      const count = await this.deletionEffects(labelId);
      if (count > 0 || Date.now() >= deadline) return count;
      await sleep(50);
    }
  }

  /** Arms the switch: the next mutation's commit fails as if the database were down. */
  async failNextCommit(): Promise<void> {
    const response = await request(this.baseUrl, { method: 'POST', target: '__probe/fail-next-commit', body: '' }, this.options());
    if (response.statusCode < 200 || response.statusCode > 299) {
      throw new ResourceApiProbeError(`the probe's POST /__probe/fail-next-commit answered ${describeAnswer(response)}: the probe API is not available or broken (CONTRACTS §4: 204)`);
    }
  }
}

/** The number of `label.deleted` effects performed for a label. */
export function deletionEffects(ctx: CheckContext, labelId: string): Promise<number> {
  return new ResourceApiProbe(ctx.target.baseUrl, ctx.transcript).deletionEffects(labelId);
}

/**
 * The label.deleted effects of a label that was just deleted, once they show (see
 * ResourceApiProbe.settledDeletionEffects).
 */
export function settledDeletionEffects(ctx: CheckContext, labelId: string): Promise<number> {
  return new ResourceApiProbe(ctx.target.baseUrl, ctx.transcript).settledDeletionEffects(labelId);
}

/** Arms the switch: the next mutation's commit fails as if the database were down. */
export function failNextCommit(ctx: CheckContext): Promise<void> {
  return new ResourceApiProbe(ctx.target.baseUrl, ctx.transcript).failNextCommit();
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
  if (response.statusCode >= 200 && response.statusCode < 300) {
    // A success with the switch armed: the commit may still be to come (one made after the
    // answer, 204 rules 4). It is given a moment, so that it meets the switch, not the next request.
    ctx.transcript.note(`the mutation answered ${response.statusCode} with fail-next-commit armed: ${LATE_COMMIT_GRACE_MS} ms for a commit that may still be to come`);
    await sleep(LATE_COMMIT_GRACE_MS);
  }
  return response;
}

/** How long a commit that may follow a success answered with the switch armed is waited for. */
const LATE_COMMIT_GRACE_MS = 250;
