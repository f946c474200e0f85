// Preferences: one hash per user, {weeklyDigest: '1'|'0', revision}. A user without
// one has the defaults (false, revision 0); every applied PATCH bumps the revision.
import { StoreUnavailableError } from './commit-switch.ts';
import { modeArgs, type Precondition } from './precondition.ts';
import type { RedisStore } from './redis.ts';
import { PATCH_PREFERENCES } from './scripts.ts';

export interface Preferences {
  readonly weeklyDigest: boolean;
  readonly revision: number;
}

export type PatchResult = { readonly kind: 'updated'; readonly revision: number } | { readonly kind: 'precondition-failed' };

export class PreferencesStore {
  constructor(private readonly store: RedisStore) {}

  async read(userId: string): Promise<Preferences> {
    const [digest, revision] = await this.store.client.hmget(this.store.key('preferences', userId), 'weeklyDigest', 'revision');
    return { weeklyDigest: digest === '1', revision: Number(revision ?? 0) };
  }

  async patch(userId: string, weeklyDigest: boolean, precondition: Precondition): Promise<PatchResult> {
    const failing = this.store.commitSwitch.armed;
    const [mode, revisions] = modeArgs(precondition);
    const reply = (await this.store.client.eval(
      PATCH_PREFERENCES, 1, this.store.key('preferences', userId),
      weeklyDigest ? '1' : '0', mode, failing ? '1' : '0', ...revisions,
    )) as [string, number];
    if (reply[0] === 'precondition-failed') return { kind: 'precondition-failed' };
    if (reply[0] === 'commit-failed') {
      this.store.commitSwitch.disarm();
      throw new StoreUnavailableError();
    }
    return { kind: 'updated', revision: Number(reply[1]) };
  }
}
