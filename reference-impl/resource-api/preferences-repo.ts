// SQL of the preferences. The write is ONE compare-and-set statement: the If-Match
// versions are checked by the statement that applies the change, so of concurrent
// PATCHes carrying the same tag exactly one can succeed. Every successful write
// bumps the version (a strong ETag may change without a visible change; it must
// change with one), which also makes conditional writes strictly serial.
import type { IfMatch } from './etag.ts';
import type { SqlExecutor } from '../store/sql-store.ts';
import { storageKey } from '../store/storage-key.ts';

export interface Preferences {
  readonly weeklyDigest: boolean;
  readonly version: number;
}

/** A user who never wrote preferences has these, at version 0. */
export const DEFAULT_PREFERENCES: Preferences = Object.freeze({ weeklyDigest: false, version: 0 });

export type PreferencesWrite =
  | { readonly applied: true; readonly preferences: Preferences }
  | { readonly applied: false };

interface Row { weekly_digest: boolean; version: number }

const toPreferences = (row: Row): Preferences => ({ weeklyDigest: row.weekly_digest, version: row.version });

export async function readPreferences(db: SqlExecutor, userId: string): Promise<Preferences> {
  const { rows } = await db.query<Row>(
    'SELECT weekly_digest, version FROM resource_preferences WHERE user_key = $1', [storageKey(userId)]);
  return rows[0] ? toPreferences(rows[0]) : DEFAULT_PREFERENCES;
}

const UPSERT = `INSERT INTO resource_preferences AS p (user_key, weekly_digest, version) VALUES ($1, $2, 1)
  ON CONFLICT (user_key) DO UPDATE
  SET weekly_digest = EXCLUDED.weekly_digest, version = p.version + 1, updated_at = clock_timestamp()`;
const RETURNING = ' RETURNING weekly_digest, version';

/** The single statement for a condition; version 0 (the defaults) matches a user without a row. */
function writeStatement(condition: IfMatch | undefined): { sql: string; versions?: number[] } {
  // Preferences always exist (GET answers the defaults), so `*` is unconditional.
  if (condition === undefined || condition.kind === 'any') return { sql: UPSERT + RETURNING };
  const versions = [...condition.versions];
  if (versions.includes(0)) return { sql: `${UPSERT} WHERE p.version = ANY($3::int[])${RETURNING}`, versions };
  return {
    sql: `UPDATE resource_preferences SET weekly_digest = $2, version = version + 1, updated_at = clock_timestamp()
          WHERE user_key = $1 AND version = ANY($3::int[])${RETURNING}`,
    versions,
  };
}

export async function writePreferences(
  db: SqlExecutor, userId: string, weeklyDigest: boolean, condition: IfMatch | undefined,
): Promise<PreferencesWrite> {
  const { sql, versions } = writeStatement(condition);
  const params: unknown[] = [storageKey(userId), weeklyDigest];
  if (versions) params.push(versions);
  const { rows } = await db.query<Row>(sql, params);
  return rows[0] ? { applied: true, preferences: toPreferences(rows[0]) } : { applied: false };
}
