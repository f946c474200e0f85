// Commands of the model run on preferences: PATCH (plain, with the current If-Match,
// with a stale one), GET, and acting for another user (403, nothing changed).
import type fc from 'fast-check';
import { carriedPreferences } from '../leaked-preferences.ts';
import { unknownEtag } from '../unique-name.ts';
import type { ApiModel, ApiReal, UserState } from './api-model.ts';
import { recordTag } from './api-model.ts';
import { expectStatus, readAndCompare, settlePreferences } from './model-checks.ts';

export type Condition = 'none' | 'current' | 'stale';

/** A tag certainly not current: one seen for the other value, else one never issued. */
function staleTag(user: UserState): string {
  for (const [tag, digest] of user.tags) if (digest !== user.digest) return tag;
  return unknownEtag();
}

function userOf(model: ApiModel, index: number): UserState {
  const user = model.users[index];
  if (!user) throw new Error(`the model has no user ${index}`);
  return user;
}

export class PatchPreferences implements fc.AsyncCommand<ApiModel, ApiReal> {
  constructor(readonly user: number, readonly value: boolean, readonly condition: Condition) {}

  check(model: Readonly<ApiModel>): boolean {
    return this.user < model.users.length;
  }

  async run(model: ApiModel, real: ApiReal): Promise<void> {
    const user = userOf(model, this.user);
    const what = this.toString();
    let ifMatch: string | undefined;
    if (this.condition === 'current') {
      ifMatch = await readAndCompare(real, user, what);
      if (ifMatch === undefined) throw new Error(`${what}: GET preferences carries no ETag to send in If-Match`);
    }
    if (this.condition === 'stale') ifMatch = staleTag(user);
    // A stale PATCH always asks for a change, so that one applied despite its 412 shows.
    const value = this.condition === 'stale' ? !user.digest : this.value;
    const response = await real.client.patchPreferences(value, { userId: user.userId, as: user.as, ...(ifMatch ? { ifMatch } : {}) });
    if (this.condition === 'stale') {
      expectStatus(response, [412], `${what} (If-Match: ${ifMatch})`);
      await readAndCompare(real, user, `${what}, then GET`);
      return;
    }
    expectStatus(response, [204], what);
    await settlePreferences(real, user, value, what);
    user.digest = value;
    const tag = response.header('etag');
    user.announced = tag;
    if (tag !== undefined) recordTag(user, tag, value, what);
  }

  toString(): string {
    if (this.condition === 'stale') return `PATCH u${this.user} to the other value, If-Match=stale`;
    return `PATCH u${this.user} weeklyDigest=${this.value}${this.condition === 'none' ? '' : ' If-Match=current'}`;
  }
}

export class GetPreferences implements fc.AsyncCommand<ApiModel, ApiReal> {
  constructor(readonly user: number) {}

  check(model: Readonly<ApiModel>): boolean {
    return this.user < model.users.length;
  }

  async run(model: ApiModel, real: ApiReal): Promise<void> {
    await readAndCompare(real, userOf(model, this.user), this.toString());
  }

  toString(): string {
    return `GET u${this.user}`;
  }
}

/** GET or PATCH the preferences of a user the actor may not act for: 403, and nothing changed. */
export class ActForOther implements fc.AsyncCommand<ApiModel, ApiReal> {
  constructor(readonly user: number, readonly write: boolean, readonly value: boolean) {}

  check(model: Readonly<ApiModel>): boolean {
    return this.user < model.users.length;
  }

  async run(model: ApiModel, real: ApiReal): Promise<void> {
    const actor = userOf(model, this.user);
    const victim = model.users.length > 1 ? model.users[1 - this.user] : undefined;
    const victimId = victim?.userId ?? model.forbiddenUserId;
    const what = this.toString();
    const response = this.write
      ? await real.client.patchPreferences(this.value, { userId: victimId, as: actor.as })
      : await real.client.getPreferences(victimId, { as: actor.as });
    expectStatus(response, [403], `${what} (${victimId})`);
    const leaked = carriedPreferences(response, this.write ? { weeklyDigest: this.value } : undefined);
    if (leaked !== undefined) throw new Error(`${what}: the 403 carries the other user's preferences: ${leaked}`);
    if (victim) await readAndCompare(real, victim, `${what}, then GET as the other user`);
  }

  toString(): string {
    return `${this.write ? `PATCH weeklyDigest=${this.value}` : 'GET'} of the other user's preferences as u${this.user}`;
  }
}
