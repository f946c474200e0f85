// One TCP (or TLS) connection driven by the harness: raw writes, every received byte
// reported in order, and waits that end on a condition, the peer closing, or a timer.
// The peer closing is information (closedByPeer), never an exception: whether it was
// allowed is for the check to decide.

import net from 'node:net';
import tls from 'node:tls';
import { ExchangeCode, ExchangeError } from './http-errors.ts';

export interface TlsOptions {
  /** default true: a target's certificate must be trusted; pass `ca` for a private CA */
  rejectUnauthorized?: boolean;
  ca?: string | Buffer | ReadonlyArray<string | Buffer>;
  /** SNI name; default the URL's host name when it is not an IP address */
  servername?: string;
}

export interface ConnectOptions {
  timeoutMs: number;
  tls?: TlsOptions;
}

const UNREACHABLE = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH', 'EADDRNOTAVAIL', 'ECONNRESET']);

function endpoint(url: URL): { host: string; port: number } {
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  const port = url.port === '' ? (url.protocol === 'https:' ? 443 : 80) : Number(url.port);
  return { host, port };
}

function tlsOptions(host: string, port: number, options: TlsOptions = {}): tls.ConnectionOptions {
  // SNI carries host names only; Node warns when it is given an IP address.
  const servername = options.servername ?? (net.isIP(host) === 0 ? host : undefined);
  return {
    host, port,
    rejectUnauthorized: options.rejectUnauthorized ?? true,
    ...(options.ca === undefined ? {} : { ca: options.ca as tls.ConnectionOptions['ca'] }),
    ...(servername === undefined ? {} : { servername }),
  };
}

function connectError(url: URL, hostPort: string, error: NodeJS.ErrnoException, tcpUp: boolean): ExchangeError {
  const code = error.code ?? 'unknown';
  if (!tcpUp && UNREACHABLE.has(code)) {
    return new ExchangeError(ExchangeCode.unreachable,
      `${url.href} is not reachable: ${error.message} (${code}) connecting to ${hostPort}; check that the target is running and the base URL is right`,
      { cause: error });
  }
  if (tcpUp && url.protocol === 'https:') {
    return new ExchangeError(ExchangeCode.tls,
      `TLS handshake with ${hostPort} for ${url.href} failed: ${error.message} (${code}); for a private CA pass tls.ca, for a throwaway test deployment tls.rejectUnauthorized: false`,
      { cause: error });
  }
  return new ExchangeError(ExchangeCode.unreachable, `${url.href} is not reachable: ${error.message} (${code}) at ${hostPort}`, { cause: error });
}

export class Connection {
  readonly hostPort: string;
  readonly #socket: net.Socket;
  readonly #listeners = new Set<() => void>();
  #onData: (chunk: Buffer) => void = () => {};
  #onEnd: () => void = () => {};
  #ended = false;
  #closedByPeer = false;
  #destroyed = false;

  private constructor(socket: net.Socket, hostPort: string) {
    this.#socket = socket;
    this.hostPort = hostPort;
    socket.setNoDelay(true);
    socket.on('data', (chunk: Buffer) => { this.#onData(chunk); this.#notify(); });
    socket.on('end', () => this.#finish(true));
    socket.on('close', () => this.#finish(!this.#destroyed));
    // A reset or a failed write after connecting ends the stream like a close would.
    socket.on('error', () => this.#finish(true));
  }

  /** Opens a connection to the URL's host and port; rejects with an ExchangeError naming the URL. */
  static open(url: URL, options: ConnectOptions): Promise<Connection> {
    const { host, port } = endpoint(url);
    const hostPort = `${url.hostname}:${port}`;
    return new Promise((resolve, reject) => {
      const socket = url.protocol === 'https:' ? tls.connect(tlsOptions(host, port, options.tls)) : net.connect({ host, port });
      let tcpUp = false;
      const timer = setTimeout(() => {
        socket.destroy();
        reject(new ExchangeError(ExchangeCode.timeout, `timed out after ${options.timeoutMs} ms connecting to ${hostPort} (${url.href})`));
      }, options.timeoutMs);
      const onError = (error: NodeJS.ErrnoException) => { clearTimeout(timer); socket.destroy(); reject(connectError(url, hostPort, error, tcpUp)); };
      socket.once('error', onError);
      socket.once('connect', () => { tcpUp = true; });
      socket.once(url.protocol === 'https:' ? 'secureConnect' : 'connect', () => {
        clearTimeout(timer);
        socket.off('error', onError);
        resolve(new Connection(socket, hostPort));
      });
    });
  }

  get ended(): boolean { return this.#ended; }
  get closedByPeer(): boolean { return this.#closedByPeer; }

  /** Where received bytes go (set once, before writing). */
  onData(handler: (chunk: Buffer) => void): void { this.#onData = handler; }
  /** Called once when the stream has ended, before any waiter is woken. */
  onEnd(handler: () => void): void { this.#onEnd = handler; }

  /** Queues `bytes`; a write the peer refuses shows up as the stream ending, not as an exception. */
  write(bytes: Buffer): void {
    if (!this.#ended) this.#socket.write(bytes);
  }

  /** Resolves true once `done()` holds or the stream ends, false after `timeoutMs`. */
  waitFor(done: () => boolean, timeoutMs: number): Promise<boolean> {
    return new Promise((resolve) => {
      const check = () => {
        if (!done() && !this.#ended) return;
        cleanup();
        resolve(true);
      };
      const timer = setTimeout(() => { cleanup(); resolve(false); }, timeoutMs);
      const cleanup = () => { clearTimeout(timer); this.#listeners.delete(check); };
      this.#listeners.add(check);
      check();
    });
  }

  /** Resolves once no byte has arrived for `idleMs`, the stream ends, or `capMs` has passed. */
  settle(idleMs: number, capMs: number): Promise<void> {
    return new Promise((resolve) => {
      let idle: NodeJS.Timeout;
      const finish = () => { clearTimeout(idle); clearTimeout(cap); this.#listeners.delete(onActivity); resolve(); };
      const onActivity = () => {
        clearTimeout(idle);
        if (this.#ended) finish();
        else idle = setTimeout(finish, idleMs);
      };
      const cap = setTimeout(finish, capMs);
      this.#listeners.add(onActivity);
      onActivity();
    });
  }

  destroy(): void {
    this.#destroyed = true;
    this.#socket.destroy();
  }

  #finish(byPeer: boolean): void {
    if (this.#ended) return;
    this.#ended = true;
    this.#closedByPeer = byPeer;
    this.#onEnd();
    this.#notify();
  }

  #notify(): void {
    for (const listener of [...this.#listeners]) listener();
  }
}
