// The PostgreSQL pool, the schema named by STORE_NAME, and transactions whose
// COMMIT is the moment a mutation becomes true (204 rules 4).
import pg from 'pg';
import { CommitSwitch, StoreUnavailableError } from './commit-switch.ts';

/** What a unit of work decided: commit its writes, or roll back (nothing to change). */
export type Outcome<T> = { readonly commit: boolean; readonly value: T };

export class Database {
  readonly commitSwitch = new CommitSwitch();
  readonly #pool: pg.Pool;

  constructor(url: string, readonly schema: string) {
    // Every connection resolves unqualified table names in this instance's schema.
    this.#pool = new pg.Pool({ connectionString: url, options: `-c search_path=${schema}`, max: 10 });
    this.#pool.on('error', (error) => console.error(`koa-pg: idle database connection failed: ${error.message}`));
  }

  /** Creates the schema and tables when missing; safe when several instances start at once. */
  async migrate(): Promise<void> {
    const client = await this.#pool.connect();
    try {
      await client.query('SELECT pg_advisory_lock(hashtext($1))', [`koa-pg:${this.schema}`]);
      try {
        await client.query(`CREATE SCHEMA IF NOT EXISTS ${this.schema}`);
        await client.query(`
          CREATE TABLE IF NOT EXISTS preferences (
            user_id text PRIMARY KEY,
            weekly_digest boolean NOT NULL DEFAULT false,
            revision bigint NOT NULL DEFAULT 0
          );
          CREATE TABLE IF NOT EXISTS labels (
            id uuid PRIMARY KEY,
            owner text NOT NULL,
            name text NOT NULL,
            created_at timestamptz NOT NULL DEFAULT now()
          );
          CREATE TABLE IF NOT EXISTS effects (
            id bigserial PRIMARY KEY,
            kind text NOT NULL,
            subject text NOT NULL,
            performed_at timestamptz NOT NULL DEFAULT now()
          );
          CREATE INDEX IF NOT EXISTS effects_kind_subject ON effects (kind, subject);
        `);
      } finally {
        await client.query('SELECT pg_advisory_unlock(hashtext($1))', [`koa-pg:${this.schema}`]);
      }
    } finally {
      client.release();
    }
  }

  query<R extends pg.QueryResultRow>(text: string, values: readonly unknown[] = []): Promise<pg.QueryResult<R>> {
    return this.#pool.query<R>(text, [...values]);
  }

  /**
   * Runs `work` in one transaction. Its writes count only once COMMIT succeeded; when
   * the probe's switch is armed, a transaction with writes rolls back and throws
   * StoreUnavailableError instead.
   */
  async transaction<T>(work: (client: pg.PoolClient) => Promise<Outcome<T>>): Promise<T> {
    const client = await this.#pool.connect();
    // Whether the transaction ended with ROLLBACK or COMMIT answered: only then is the
    // connection reused; otherwise it is discarded.
    let ended = false;
    try {
      await client.query('BEGIN');
      let outcome: Outcome<T>;
      try {
        outcome = await work(client);
      } catch (error) {
        await client.query('ROLLBACK');
        ended = true;
        throw error;
      }
      if (!outcome.commit || this.commitSwitch.take()) {
        await client.query('ROLLBACK');
        ended = true;
        if (outcome.commit) throw new StoreUnavailableError();
        return outcome.value;
      }
      await client.query('COMMIT');
      ended = true;
      return outcome.value;
    } finally {
      client.release(!ended);
    }
  }

  async close(): Promise<void> {
    await this.#pool.end();
  }
}
