// The resource API's two users of a run: --token / --user-id / --other-user-id when
// given, else fresh ones — bearer tokens made for this run only (RFC 6750 token
// characters, base64url, long enough that guessing is moot). Every target that starts
// the reference (processes, containers, the mutation run's in-worker reference) makes
// its users here.
import { randomBytes } from 'node:crypto';
import type { ResourceApiOptions } from './resource-api-options.ts';

export const newToken = (): string => `wc_${randomBytes(24).toString('base64url')}`;
const newUserId = (role: string): string => `wirecheck-${role}-${randomBytes(4).toString('hex')}`;

export interface RunUsers {
  readonly token: string;
  readonly userId: string;
  readonly otherToken: string;
  readonly otherUserId: string;
}

export function usersOf(given: ResourceApiOptions = {}): RunUsers {
  return {
    token: given.token ?? newToken(),
    userId: given.userId ?? newUserId('user'),
    otherToken: newToken(),
    otherUserId: given.otherUserId ?? newUserId('other'),
  };
}

/** API_TOKENS as the reference reads it: `token:user,token:user`. */
export function apiTokens(users: RunUsers): string {
  return `${users.token}:${users.userId},${users.otherToken}:${users.otherUserId}`;
}
