// Preferences rows. A user without a row has the defaults (weeklyDigest false,
// revision 0); every committed PATCH bumps the revision, which the ETag is made of.
import type { Database } from './db.ts';

export interface PreferencesState {
  readonly userId: string;
  readonly weeklyDigest: boolean;
  readonly revision: number;
}

export type PatchResult =
  | { readonly kind: 'updated'; readonly state: PreferencesState }
  | { readonly kind: 'precondition-failed' };

interface Row {
  weekly_digest: boolean;
  revision: string;
}

function toState(userId: string, row: Row | undefined): PreferencesState {
  return { userId, weeklyDigest: row?.weekly_digest ?? false, revision: Number(row?.revision ?? 0) };
}

export class PreferencesStore {
  constructor(private readonly db: Database) {}

  async read(userId: string): Promise<PreferencesState> {
    const { rows } = await this.db.query<Row>('SELECT weekly_digest, revision FROM preferences WHERE user_id = $1', [userId]);
    return toState(userId, rows[0]);
  }

  /**
   * Sets weeklyDigest when `precondition` accepts the current state. Check and write
   * happen under the row's lock, so of concurrent conditional PATCHes carrying one
   * tag exactly one succeeds.
   */
  patch(userId: string, weeklyDigest: boolean, precondition: (current: PreferencesState) => boolean): Promise<PatchResult> {
    return this.db.transaction<PatchResult>(async (client) => {
      await client.query('INSERT INTO preferences (user_id) VALUES ($1) ON CONFLICT (user_id) DO NOTHING', [userId]);
      const current = await client.query<Row>('SELECT weekly_digest, revision FROM preferences WHERE user_id = $1 FOR UPDATE', [userId]);
      if (!precondition(toState(userId, current.rows[0]))) return { commit: false, value: { kind: 'precondition-failed' } };
      const updated = await client.query<Row>(
        'UPDATE preferences SET weekly_digest = $2, revision = revision + 1 WHERE user_id = $1 RETURNING weekly_digest, revision',
        [userId, weeklyDigest],
      );
      return { commit: true, value: { kind: 'updated', state: toState(userId, updated.rows[0]) } };
    });
  }
}
