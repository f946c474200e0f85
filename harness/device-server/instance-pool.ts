// Server instances and homes shared by the checks of one suite file: each is started
// by the first check that needs it (so `--only` starts only what it uses) and stopped
// once, when the file's checks are done (afterAll → stopAll).
type Stop = () => Promise<void> | void;

export class InstancePool {
  readonly #started = new Map<string, Promise<unknown>>();
  readonly #stops: Stop[] = [];

  /** The resource named `key`, started once by `start`; `stop` runs at stopAll. */
  get<T>(key: string, start: () => Promise<{ value: T; stop: Stop }>): Promise<T> {
    let pending = this.#started.get(key) as Promise<T> | undefined;
    if (!pending) {
      pending = start().then(({ value, stop }) => {
        this.#stops.push(stop);
        return value;
      });
      this.#started.set(key, pending);
    }
    return pending;
  }

  /** Registers something to stop at the end that was started outside `get`. */
  onStop(stop: Stop): void {
    this.#stops.push(stop);
  }

  async stopAll(): Promise<void> {
    const stops = this.#stops.splice(0).reverse();
    this.#started.clear();
    for (const stop of stops) await Promise.resolve(stop()).catch(() => undefined);
  }
}
