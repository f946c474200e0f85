// The probe's fault switch. While armed, the next write that would be applied is
// not: the Lua script that makes it checks everything (absence, ownership, If-Match)
// and then, instead of writing, reports that the commit failed, as if Redis had gone
// away at that moment. A request refused before its write (404, 412) leaves it armed.
export class CommitSwitch {
  #armed = false;

  arm(): void {
    this.#armed = true;
  }

  get armed(): boolean {
    return this.#armed;
  }

  disarm(): void {
    this.#armed = false;
  }
}

/** A write that was not applied: answered 503, never 2xx. */
export class StoreUnavailableError extends Error {
  constructor(message = 'Redis did not apply the write') {
    super(message);
    this.name = 'StoreUnavailableError';
  }
}
