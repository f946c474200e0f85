// The one interface both store adapters implement. Reference implementations talk
// SQL through it and never know whether PGlite (embedded) or PostgreSQL is behind.

export interface QueryResult<R> {
  readonly rows: R[];
  /** Rows inserted, updated or deleted (or returned by a SELECT). */
  readonly rowCount: number;
}

export interface SqlExecutor {
  query<R = Record<string, unknown>>(sql: string, params?: readonly unknown[]): Promise<QueryResult<R>>;
}

export interface SqlStore extends SqlExecutor {
  readonly kind: 'pglite' | 'postgres';
  /** Runs fn in one transaction: committed when fn resolves, rolled back when it throws. */
  transaction<T>(fn: (tx: SqlExecutor) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

/** Raised when the database cannot be reached or a statement fails for infrastructure reasons. */
export class StoreUnavailableError extends Error {
  override readonly name = 'StoreUnavailableError';
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
  }
}
