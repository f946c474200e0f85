// The assertions every command of the model run makes on an answer.
import type { ParsedResponse } from '../../http/index.ts';
import { noContentViolations } from '../no-content-rules.ts';
import { describeAnswer } from '../resource-api-client.ts';
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
