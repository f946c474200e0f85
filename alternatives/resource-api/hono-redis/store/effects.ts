// Side effects performed, counted per kind and subject, as the probe API reports them.
import type { RedisStore } from './redis.ts';

export class EffectStore {
  constructor(private readonly store: RedisStore) {}

  async count(kind: string, subject: string): Promise<number> {
    return Number((await this.store.client.get(this.store.key('effects', kind, subject))) ?? 0);
  }
}
