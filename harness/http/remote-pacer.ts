// A suite process's side of the run's one rate limit (rate-coordinator.ts): each
// reservation is a line to the wirecheck process's pacer, answered with how long to
// wait. One connection per process, opened at the first reservation; it keeps the
// process alive only while a reservation is pending.
import { connect, type Socket } from 'node:net';
import { assertBurstFits, BurstOverLimitError, type Pacer, type RateLimit } from './send-pacer.ts';

interface Waiter {
  readonly count: number;
  resolve(waitMs: number): void;
  reject(error: Error): void;
}

export class RemotePacer implements Pacer {
  #socket: Socket | undefined;
  #waiters: Waiter[] = [];
  #received = '';

  constructor(readonly address: string, readonly limit: RateLimit) {}

  reserve(count: number): Promise<number> {
    try {
      assertBurstFits(count, this.limit);
    } catch (error) {
      return Promise.reject(error as Error);
    }
    const socket = this.#connection();
    return new Promise((resolve, reject) => {
      this.#waiters.push({ count, resolve, reject });
      socket.ref();
      socket.write(`${count}\n`);
    });
  }

  /** Closes the connection (a test's clean-up; a process's ends with it). */
  close(): void {
    this.#socket?.destroy();
  }

  #connection(): Socket {
    if (this.#socket) return this.#socket;
    const [host = '127.0.0.1', port = '0'] = this.address.split(':');
    const socket = connect({ host, port: Number(port) });
    socket.setNoDelay(true);
    socket.on('data', (chunk: Buffer) => this.#answers(chunk));
    const gone = (why: string) => {
      if (this.#socket === socket) this.#socket = undefined;
      const error = new Error(`the run's rate limiter (--rate-limit ${this.limit.text}, at ${this.address}) is gone: ${why}`);
      for (const waiter of this.#waiters.splice(0)) waiter.reject(error);
    };
    socket.on('error', (error: NodeJS.ErrnoException) => gone(error.code ?? error.message));
    socket.on('close', () => gone('its connection closed'));
    this.#socket = socket;
    return socket;
  }

  #answers(chunk: Buffer): void {
    this.#received += chunk.toString('latin1');
    const lines = this.#received.split('\n');
    this.#received = lines.pop() ?? '';
    for (const line of lines) {
      const waiter = this.#waiters.shift();
      if (!waiter) continue;
      const waitMs = Number(line);
      if (line === 'over') waiter.reject(new BurstOverLimitError(waiter.count, this.limit));
      else if (Number.isFinite(waitMs)) waiter.resolve(waitMs);
      else waiter.reject(new Error(`the run's rate limiter answered "${line.slice(0, 40)}"`));
    }
    if (this.#waiters.length === 0) this.#socket?.unref();
  }
}
