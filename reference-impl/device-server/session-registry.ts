// Active sessions of one server process, and the idle timeout of each:
// `vendor:newCommandTimeout` in seconds (default 60, 0 = never), the Appium semantics —
// the spec leaves idle expiry open. An expired session is deleted like a DELETE would.
import type { DeviceDriver } from './driver-api.ts';
import { WebDriverError } from './errors.ts';

export const DEFAULT_NEW_COMMAND_TIMEOUT_S = 60;

export interface ActiveSession {
  readonly id: string;
  readonly driver: DeviceDriver;
  readonly driverName: string;
  readonly capabilities: Record<string, unknown>;
  readonly created: number;
  readonly timeoutMs: number;
}

export class SessionRegistry {
  readonly #sessions = new Map<string, ActiveSession>();
  readonly #timers = new Map<string, NodeJS.Timeout>();

  constructor(private readonly onIdle: (session: ActiveSession) => void) {}

  add(session: ActiveSession): void {
    this.#sessions.set(session.id, session);
    this.touch(session.id);
  }

  /** The session, or `invalid session id` (404). Resets its idle timer. */
  get(id: string): ActiveSession {
    const session = this.#sessions.get(id);
    if (!session) throw new WebDriverError('invalid session id',
      `A session with id '${id}' is either terminated or not started`);
    this.touch(id);
    return session;
  }

  remove(id: string): ActiveSession | undefined {
    const session = this.#sessions.get(id);
    clearTimeout(this.#timers.get(id));
    this.#timers.delete(id);
    this.#sessions.delete(id);
    return session;
  }

  list(): ActiveSession[] {
    return [...this.#sessions.values()];
  }

  private touch(id: string): void {
    const session = this.#sessions.get(id);
    clearTimeout(this.#timers.get(id));
    if (!session || session.timeoutMs <= 0) return;
    const timer = setTimeout(() => this.onIdle(session), session.timeoutMs);
    timer.unref();
    this.#timers.set(id, timer);
  }
}
