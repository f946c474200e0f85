// The probe's fault switch: once armed, the next transaction that reaches its
// COMMIT rolls back instead, as if the database had gone away at that moment.
// Transactions that end without a change (412, 404) leave it armed.
export class CommitSwitch {
  #armed = false;

  arm(): void {
    this.#armed = true;
  }

  /** True (and disarmed) when this commit must fail. */
  take(): boolean {
    const armed = this.#armed;
    this.#armed = false;
    return armed;
  }
}

/** A commit that did not happen: answered 503, never 2xx. */
export class StoreUnavailableError extends Error {
  constructor(message = 'the database did not commit the change') {
    super(message);
    this.name = 'StoreUnavailableError';
  }
}
