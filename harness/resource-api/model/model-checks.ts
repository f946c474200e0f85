// The assertions every command of the model run makes on an answer.
import type { ParsedResponse } from '../../http/index.ts';
import { noContentViolations } from '../no-content-rules.ts';
import { describeAnswer } from '../resource-api-client.ts';
import { untilShown } from '../read-back.ts';
import { recordTag, type ApiReal, type UserState } from './api-model.ts';

/** The status must be one of `statuses`; a 204 must keep the 204 rules. */
export function expectStatus(response: ParsedResponse, statuses: readonly number[], what: string): void {
  if (!statuses.includes(response.statusCode)) {
    throw new Error(`${what} answered ${describeAnswer(response)}; the model expects ${statuses.join(' or ')}`);
  }
  if (response.statusCode === 204) {
    const violations = noContentViolations(response);
    if (violations.length > 0) throw new Error(`${what}: ${violations.join('; ')}`);
  }
}

/** GET the user's preferences and compare with the model; returns the current tag. */
export async function readAndCompare(real: ApiReal, user: UserState, what: string): Promise<string | undefined> {
  const response = await real.client.getPreferences(user.userId, { as: user.as });
  expectStatus(response, [200], `${what}: GET preferences of ${user.userId}`);
  const digest = (response.json() as { weeklyDigest?: unknown }).weeklyDigest;
  if (digest !== user.digest) throw new Error(`${what}: GET preferences of ${user.userId} gave weeklyDigest ${String(digest)}; the model says ${user.digest}`);
  const tag = response.header('etag');
  if (user.announced !== undefined && tag !== user.announced) {
    throw new Error(`${what}: the last 204 announced ETag ${user.announced}, but the next GET carries ${tag ?? 'none'}`);
  }
  user.announced = undefined;
  if (tag !== undefined) recordTag(user, tag, user.digest, what);
  return tag;
}

/**
 * After a 204 the model moves on from the change it made; a service that commits after
 * answering (204 rules 4: RA-DUR-01 judges that) would make the next command's read see
 * the state from before, and this check fail in the name of the model's other rules
 * (ETags, existence). So the change is read right after, and when that read misses it,
 * waited for (read-back.ts): one that shows is told to `onLateCommit`; one that never
 * shows is left for the next read, where the model fails it as a change that never came.
 */
export async function settle(real: ApiReal, shows: () => Promise<boolean>, what: string): Promise<void> {
  if (await shows()) return;
  const { afterMs } = await untilShown(shows, (shown) => shown);
  if (afterMs !== undefined) real.onLateCommit?.(`${what}: the read right after its 204 missed the change, which showed ${Math.max(1, Math.round(afterMs))} ms later`);
}

/** settle() for a PATCH of `user`'s preferences to `value`. */
export function settlePreferences(real: ApiReal, user: UserState, value: boolean, what: string): Promise<void> {
  return settle(real, async () => {
    const response = await real.client.getPreferences(user.userId, { as: user.as });
    try {
      return response.statusCode === 200 && (response.json() as { weeklyDigest?: unknown }).weeklyDigest === value;
    } catch {
      return false;
    }
  }, what);
}
