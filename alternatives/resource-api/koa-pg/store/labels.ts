// Label rows, and their deletion: the row goes and its label.deleted effect is
// recorded in the same transaction, so a deletion and its effect exist together or
// not at all, and of concurrent DELETEs only the one that still finds the row (under
// its lock) deletes it.
import { randomUUID } from 'node:crypto';
import type { Database } from './db.ts';

export interface Label {
  readonly id: string;
  readonly owner: string;
  readonly name: string;
  readonly createdAt: Date;
}

export type DeleteResult = 'deleted' | 'absent' | 'precondition-failed';

interface Row {
  id: string;
  owner: string;
  name: string;
  created_at: Date;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** Whether a path segment can be a label id at all (anything else is simply not found). */
export function isLabelId(id: string): boolean {
  return UUID.test(id);
}

function toLabel(row: Row): Label {
  return { id: row.id, owner: row.owner, name: row.name, createdAt: row.created_at };
}

export class LabelStore {
  constructor(private readonly db: Database) {}

  create(owner: string, name: string): Promise<Label> {
    return this.db.transaction(async (client) => {
      const { rows } = await client.query<Row>(
        'INSERT INTO labels (id, owner, name) VALUES ($1, $2, $3) RETURNING id, owner, name, created_at',
        [randomUUID(), owner, name],
      );
      const row = rows[0];
      if (!row) throw new Error('INSERT … RETURNING gave no row');
      return { commit: true, value: toLabel(row) };
    });
  }

  async find(id: string): Promise<Label | undefined> {
    if (!isLabelId(id)) return undefined;
    const { rows } = await this.db.query<Row>('SELECT id, owner, name, created_at FROM labels WHERE id = $1', [id]);
    return rows[0] ? toLabel(rows[0]) : undefined;
  }

  /** Deletes `owner`'s label when `precondition` accepts it; another user's label counts as absent. */
  remove(id: string, owner: string, precondition: (label: Label) => boolean): Promise<DeleteResult> {
    if (!isLabelId(id)) return Promise.resolve('absent');
    return this.db.transaction<DeleteResult>(async (client) => {
      const { rows } = await client.query<Row>('SELECT id, owner, name, created_at FROM labels WHERE id = $1 FOR UPDATE', [id]);
      const row = rows[0];
      if (!row || row.owner !== owner) return { commit: false, value: 'absent' };
      if (!precondition(toLabel(row))) return { commit: false, value: 'precondition-failed' };
      await client.query('DELETE FROM labels WHERE id = $1', [id]);
      await client.query('INSERT INTO effects (kind, subject) VALUES ($1, $2)', ['label.deleted', id]);
      return { commit: true, value: 'deleted' };
    });
  }
}
