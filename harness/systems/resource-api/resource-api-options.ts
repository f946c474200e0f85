// The resource API's options of `wirecheck run`: a user's token, that user, and a user
// the token may not act for (with, optionally, that user's own token).
import type { OptionRow } from '../option-table.ts';
import type { ResolveInputs } from '../system-module.ts';

export interface ResourceApiOptions {
  readonly token?: string;
  readonly userId?: string;
  readonly otherUserId?: string;
  /** --other-token: a token of --other-user-id, so the cross-user checks can read that user's state. */
  readonly otherToken?: string;
}

export const RESOURCE_API_OPTION_ROWS: readonly OptionRow[] = [
  {
    flag: 'token', type: 'string', usage: '--token T', reproduce: { placeholder: '"$TOKEN"' },
    help: ['bearer token of a user who may act for --user-id'],
    readme: ['`--token T`', 'resource-api: bearer token of a user who may act for `--user-id`'],
  },
  {
    flag: 'user-id', type: 'string', usage: '--user-id U',
    help: ['the user --token belongs to'],
    readme: ['`--user-id U`', 'resource-api: the user `--token` belongs to'],
  },
  {
    flag: 'other-user-id', type: 'string', usage: '--other-user-id U2',
    help: ['a user --token may NOT act for (403 checks)'],
    readme: ['`--other-user-id U2`', 'resource-api: a user `--token` may NOT act for (403 checks)'],
  },
  {
    flag: 'other-token', type: 'string', usage: '--other-token T2', reproduce: { placeholder: '"$OTHER_TOKEN"' },
    help: ['a token of --other-user-id: the cross-user checks read that', 'user\'s state back (without it they are skipped)'],
    readme: ['`--other-token T2`', 'resource-api: a token of `--other-user-id`, so the cross-user checks (RA-AUTH-05/06/07) can read that user\'s state back; without it they are skipped'],
  },
];

export function resolveResourceApiOptions({ values, external, selected, problems }: ResolveInputs): ResourceApiOptions {
  const token = values['token'] as string | undefined;
  const userId = values['userId'] as string | undefined;
  const otherUserId = values['otherUserId'] as string | undefined;
  const otherToken = values['otherToken'] as string | undefined;
  if (external && selected) {
    for (const [flag, value] of [['--token', token], ['--user-id', userId], ['--other-user-id', otherUserId]] as const) {
      if (!value) problems.push(`resource-api: --target external needs ${flag}`);
    }
  }
  if (userId && otherUserId && userId === otherUserId) problems.push('--other-user-id must differ from --user-id: it names a user the token may NOT act for');
  if (otherToken !== undefined && (!external || !otherUserId)) problems.push('--other-token is for --target external, with --other-user-id: a token of that user');
  if (otherToken !== undefined && otherToken === token) problems.push('--other-token must differ from --token: it acts for --other-user-id');
  return { ...(token ? { token } : {}), ...(userId ? { userId } : {}), ...(otherUserId ? { otherUserId } : {}), ...(otherToken ? { otherToken } : {}) };
}
