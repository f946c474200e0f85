// SQL of the labels. A label is visible only to its owner: every statement filters
// by owner_key (owner null = any owner, reachable only through faults). The DELETE
// is guarded by RETURNING: the one request whose DELETE returned the row writes the
// label.deleted effect, in the same transaction — so exactly once, also when
// several DELETEs race on PostgreSQL (the losers block on the row lock, then find it gone).
import { randomBytes } from 'node:crypto';
import type { IfMatch } from './etag.ts';
import { LABEL_DELETED, recordEffect } from './outbox.ts';
import type { SqlExecutor } from '../store/sql-store.ts';
import { fromStorageKey, storageKey } from '../store/storage-key.ts';

export interface Label {
  readonly id: string;
  readonly name: string;
  readonly version: number;
}

export type LabelDeletion =
  | { readonly applied: true }
  | { readonly applied: false; readonly reason: 'absent' | 'precondition-failed' };

const LABEL_ID = /^lbl_[0-9a-f]{24}$/;

export function newLabelId(): string {
  return `lbl_${randomBytes(12).toString('hex')}`;
}

/** Ids this service could have issued; any other id is absent without asking the store. */
export function isLabelId(id: string): boolean {
  return LABEL_ID.test(id);
}

interface Row { id: string; name: string; version: number }

const toLabel = (row: Row): Label => ({ id: row.id, name: fromStorageKey(row.name), version: row.version });
const ownerKey = (owner: string | null): string | null => (owner === null ? null : storageKey(owner));

export async function createLabel(db: SqlExecutor, owner: string, name: string): Promise<Label> {
  const { rows } = await db.query<Row>(
    'INSERT INTO resource_labels (id, owner_key, name) VALUES ($1, $2, $3) RETURNING id, name, version',
    [newLabelId(), storageKey(owner), storageKey(name)]);
  return toLabel(rows[0] as Row);
}

export async function findLabel(db: SqlExecutor, id: string, owner: string | null): Promise<Label | undefined> {
  if (!isLabelId(id)) return undefined;
  const { rows } = await db.query<Row>(
    'SELECT id, name, version FROM resource_labels WHERE id = $1 AND ($2::text IS NULL OR owner_key = $2)',
    [id, ownerKey(owner)]);
  return rows[0] ? toLabel(rows[0]) : undefined;
}

/** Deletes and records the effect in the caller's transaction; the RETURNING row decides. */
export async function deleteLabel(
  tx: SqlExecutor, id: string, owner: string | null, condition: IfMatch | undefined,
): Promise<LabelDeletion> {
  if (!isLabelId(id)) return { applied: false, reason: 'absent' };
  const versions = condition?.kind === 'versions' ? [...condition.versions] : null;
  const { rows } = await tx.query<{ id: string; owner_key: string }>(
    `DELETE FROM resource_labels
     WHERE id = $1 AND ($2::text IS NULL OR owner_key = $2) AND ($3::int[] IS NULL OR version = ANY($3::int[]))
     RETURNING id, owner_key`,
    [id, ownerKey(owner), versions]);
  const deleted = rows[0];
  if (deleted) {
    await recordEffect(tx, LABEL_DELETED, id, { labelId: id, owner: fromStorageKey(deleted.owner_key) });
    return { applied: true };
  }
  // Not deleted: tell a stale If-Match (412) from absence (404, which takes precedence).
  const present = versions !== null && (await findLabel(tx, id, owner)) !== undefined;
  return { applied: false, reason: present ? 'precondition-failed' : 'absent' };
}

/** Fault concurrent-delete-both-succeed only: a DELETE whose result decides nothing. */
export async function deleteLabelUnguarded(tx: SqlExecutor, id: string): Promise<void> {
  await tx.query('DELETE FROM resource_labels WHERE id = $1', [id]);
}
