// Side effects performed, as the probe API reports them.
import type { Database } from './db.ts';

export class EffectStore {
  constructor(private readonly db: Database) {}

  async count(kind: string, subject: string): Promise<number> {
    const { rows } = await this.db.query<{ n: number }>('SELECT count(*)::int AS n FROM effects WHERE kind = $1 AND subject = $2', [kind, subject]);
    return rows[0]?.n ?? 0;
  }
}
