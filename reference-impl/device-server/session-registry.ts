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
      // Stryker disable next-line StringLiteral: not shown: the message of a command's failure on an unknown or ended session (Errors: status codes and bodies not shown; DS-SESS-04 requires only a failure, DS-SESS-08 reads W3C's error code and status, never the message)
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

  // Stryker disable next-line BlockStatement: not shown: idle expiry through the timeout capability (States and transitions: 'Expiry of an idle session through the timeout capability: not shown'; Limits: timeouts not shown)
  private touch(id: string): void {
    const session = this.#sessions.get(id);
    clearTimeout(this.#timers.get(id));
    // Stryker disable next-line BooleanLiteral,ConditionalExpression,EqualityOperator,LogicalOperator: not shown: idle expiry through the timeout capability (States and transitions: 'Expiry of an idle session through the timeout capability: not shown'; Limits: timeouts not shown); the !session half is also unreachable, touch runs only for a stored session
    if (!session || session.timeoutMs <= 0) return;
    // Stryker disable next-line ArrowFunction: not shown: idle expiry through the timeout capability (States and transitions: 'Expiry of an idle session through the timeout capability: not shown'; Limits: timeouts not shown)
    const timer = setTimeout(() => this.onIdle(session), session.timeoutMs);
    timer.unref();
    this.#timers.set(id, timer);
  }
}
