// Labels: one hash per label, {owner, name, createdAt}. Deleting one removes the hash
// and counts its label.deleted effect in the same script, so of concurrent DELETEs
// exactly one finds it, and deletion and effect happen together or not at all.
import { randomBytes } from 'node:crypto';
import { StoreUnavailableError } from './commit-switch.ts';
import { modeArgs, type Precondition } from './precondition.ts';
import type { RedisStore } from './redis.ts';
import { DELETE_LABEL } from './scripts.ts';

export interface Label {
  readonly id: string;
  readonly owner: string;
  readonly name: string;
  readonly createdAt: string;
}

export type DeleteResult = 'deleted' | 'absent' | 'forbidden' | 'precondition-failed';

const ID = /^[A-Za-z0-9_-]{22}$/;

/** Whether a path segment can be a label id at all (anything else is simply not found). */
export function isLabelId(id: string): boolean {
  return ID.test(id);
}

export class LabelStore {
  constructor(private readonly store: RedisStore) {}

  async create(owner: string, name: string): Promise<Label> {
    if (this.store.commitSwitch.armed) {
      this.store.commitSwitch.disarm();
      throw new StoreUnavailableError();
    }
    const label: Label = { id: randomBytes(16).toString('base64url'), owner, name, createdAt: new Date().toISOString() };
    await this.store.client.hset(this.store.key('label', label.id), { owner, name, createdAt: label.createdAt });
    return label;
  }

  async find(id: string): Promise<Label | undefined> {
    if (!isLabelId(id)) return undefined;
    const fields = await this.store.client.hgetall(this.store.key('label', id));
    const { owner, name, createdAt } = fields;
    return owner === undefined || name === undefined ? undefined : { id, owner, name, createdAt: createdAt ?? '' };
  }

  async remove(id: string, user: string, precondition: Precondition): Promise<DeleteResult> {
    if (!isLabelId(id)) return 'absent';
    const failing = this.store.commitSwitch.armed;
    const [mode] = modeArgs(precondition);
    const reply = (await this.store.client.eval(
      DELETE_LABEL, 2, this.store.key('label', id), this.store.key('effects', 'label.deleted', id),
      user, mode, failing ? '1' : '0',
    )) as string;
    if (reply === 'commit-failed') {
      this.store.commitSwitch.disarm();
      throw new StoreUnavailableError();
    }
    return reply as DeleteResult;
  }
}
