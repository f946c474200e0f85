// The model of RA-MODEL-01: what a client can know about the API from the spec alone.
// Preferences hold a boolean per user; a tag seen for one value never stands for
// another (else a client holding it from then would pass If-Match, where rule 9 says a
// stale tag gives 412 — a tag made from the value, or a version, both keep this), and
// a tag a 204 announces is the one the next GET carries. Labels exist from their 201 until their 204 DELETE, and only their
// owner sees them. Nothing the spec leaves open (label GET body, 403 vs 404 for
// another user's label) is modelled beyond what every allowed answer shares.
import type { Transcript } from '../../http/index.ts';
import { readPreferences } from '../api-state.ts';
import { ResourceApiClient, type Credential } from '../resource-api-client.ts';
import type { ResourceApiTarget } from '../resource-api-target.ts';

export interface UserState {
  readonly userId: string;
  readonly as: Credential;
  digest: boolean;
  /** Every ETag seen for the preferences, with the weeklyDigest it was seen with. */
  readonly tags: Map<string, boolean>;
  /** The tag the last 204 announced as the new one: the next GET must carry it. */
  announced: string | undefined;
}

export interface LabelState {
  readonly id: string;
  /** Index of the owning user. */
  readonly owner: number;
  exists: boolean;
  etag: string | undefined;
}

export interface ApiModel {
  /** The users the run has tokens for: the target's, and the other user when it has their token. */
  readonly users: UserState[];
  /** A user id no token of the run may act for, when only one user has a token. */
  readonly forbiddenUserId: string;
  readonly labels: LabelState[];
}

export interface ApiReal {
  readonly client: ResourceApiClient;
  /** Told of each 204 whose change a read right after missed but which showed a moment later (model-checks.ts settle). */
  readonly onLateCommit?: (what: string) => void;
}

/** Records a tag for a value; fails when the same tag already stood for the other value. */
export function recordTag(user: UserState, tag: string, digest: boolean, where: string): void {
  const before = user.tags.get(tag);
  if (before !== undefined && before !== digest) {
    throw new Error(`${where}: ETag ${tag} stood for weeklyDigest=${before} and now for ${digest}: a client still holding it from then would pass If-Match, where a stale tag must give 412 (204 rules 9)`);
  }
  user.tags.set(tag, digest);
}

/** A fresh model and client, the model seeded by reading each user's preferences. */
export async function setupModel(target: ResourceApiTarget, transcript: Transcript, onLateCommit?: (what: string) => void): Promise<{ model: ApiModel; real: ApiReal }> {
  const client = new ResourceApiClient(target, transcript, 'fail');
  const accounts: [string, Credential][] = [[target.userId, 'user']];
  if (target.otherToken) accounts.push([target.otherUserId, 'other']);
  const users: UserState[] = [];
  for (const [userId, as] of accounts) {
    const read = await readPreferences(client, userId, as);
    const user: UserState = { userId, as, digest: read.weeklyDigest, tags: new Map(), announced: undefined };
    if (read.etag !== undefined) recordTag(user, read.etag, read.weeklyDigest, 'setup');
    users.push(user);
  }
  return { model: { users, forbiddenUserId: target.otherUserId, labels: [] }, real: { client, ...(onLateCommit ? { onLateCommit } : {}) } };
}
