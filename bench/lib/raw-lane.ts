// One lane of the fuzz client: exact bytes over a kept-alive socket (or a fresh one
// for requests that break framing), each answer parsed strictly by the harness's
// ResponseParser, every wait bounded. A lane never has two requests in flight except
// when a case pipelines them on purpose.
import { createConnection, type Socket } from 'node:net';
import { ResponseParser } from '../../harness/http/index.ts';

export type RawOutcome =
  | { readonly kind: 'response'; readonly statuses: number[]; readonly bodies: Buffer[]; readonly framingError?: string }
  | { readonly kind: 'closed' }
  | { readonly kind: 'timeout' };

export interface SendOptions {
  /** Methods of the requests in `bytes`, in order (pipelining: more than one). */
  readonly methods: readonly string[];
  /** A connection of its own, closed afterwards (framing-breaking requests). */
  readonly fresh?: boolean;
  /** Slow send: the first `splitAt` bytes, a pause, then the rest — or, with abandon, a close. */
  readonly partial?: { readonly splitAt: number; readonly pauseMs: number; readonly abandon: boolean };
  readonly timeoutMs?: number;
}

function connect(port: number): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = createConnection({ host: '127.0.0.1', port });
    socket.once('connect', () => { socket.removeListener('error', reject); socket.on('error', () => {}); resolve(socket); });
    socket.once('error', reject);
  });
}

export class RawLane {
  #socket: Socket | undefined;
  #closed = true;

  constructor(private readonly port: number) {}

  async send(bytes: Buffer, options: SendOptions): Promise<RawOutcome> {
    const socket = options.fresh || this.#closed || !this.#socket ? await this.#open(options.fresh === true) : this.#socket;
    const parser = new ResponseParser(options.methods);
    let ended = false;
    return new Promise<RawOutcome>((resolve) => {
      const finish = (outcome: RawOutcome) => {
        clearTimeout(timer);
        socket.removeListener('data', onData);
        socket.removeListener('close', onClose);
        if (options.fresh || ended || outcome.kind !== 'response' || outcome.framingError) this.#drop(socket);
        resolve(outcome);
      };
      const final = () => parser.responses.filter((r) => r.statusCode >= 200);
      const answered = () => ({ kind: 'response' as const, statuses: final().map((r) => r.statusCode), bodies: final().map((r) => r.body) });
      const onData = (chunk: Buffer) => {
        parser.push(chunk);
        if (parser.error) finish({ ...answered(), framingError: parser.error.message });
        else if (parser.done) finish(answered());
      };
      const onClose = () => {
        ended = true;
        parser.end();
        if (parser.responses.length > 0) finish({ ...answered(), ...(parser.error && !parser.done ? { framingError: parser.error.message } : {}) });
        else finish({ kind: 'closed' });
      };
      const timer = setTimeout(() => finish({ kind: 'timeout' }), options.timeoutMs ?? 10_000);
      socket.on('data', onData);
      socket.on('close', onClose);
      if (options.partial) {
        const { splitAt, pauseMs, abandon } = options.partial;
        socket.write(bytes.subarray(0, splitAt));
        setTimeout(() => {
          if (abandon) socket.destroy();
          else if (!socket.destroyed) socket.write(bytes.subarray(splitAt));
        }, pauseMs);
      } else {
        socket.write(bytes);
      }
    });
  }

  close(): void {
    if (this.#socket) this.#drop(this.#socket);
  }

  async #open(fresh: boolean): Promise<Socket> {
    const socket = await connect(this.port);
    if (!fresh) {
      this.#socket = socket;
      this.#closed = false;
      socket.once('close', () => { if (this.#socket === socket) this.#closed = true; });
    }
    return socket;
  }

  #drop(socket: Socket): void {
    socket.destroy();
    if (this.#socket === socket) this.#closed = true;
  }
}
