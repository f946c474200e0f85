// A loopback server for the response-budget tests: it answers every connection's first
// request with a head and then more body bytes than any client should read, at the
// pace the client reads them (a write waits for 'drain'), up to `capBytes`. The cap is
// far above a response budget and low enough that a client without one ends, and
// fails its test, instead of taking the machine's memory. What it sent and how many
// connections the client dropped are the tests' evidence that reading stopped.

import net from 'node:net';

export interface FloodOptions {
  /** the response head, empty line included */
  readonly head: string;
  /** chunked: the body as chunks (ended by a last chunk at the cap); raw: bytes as they are; none: the head, then silence */
  readonly body: 'chunked' | 'raw' | 'none';
  /** body bytes written per connection at most; default 300 MiB */
  readonly capBytes?: number;
}

export interface FloodServer {
  readonly url: string;
  readonly port: number;
  /** body bytes written so far, over all connections */
  bytesSent(): number;
  /** connections that ended (the client dropped them, or the cap was reached) */
  closedConnections(): number;
  /** connections still open */
  openConnections(): number;
  close(): Promise<void>;
}

const PIECE = Buffer.alloc(256 * 1024, 0x61);
const CHUNK = Buffer.concat([Buffer.from(`${PIECE.length.toString(16)}\r\n`, 'latin1'), PIECE, Buffer.from('\r\n', 'latin1')]);
const LAST_CHUNK = Buffer.from('0\r\n\r\n', 'latin1');

export const FLOOD_CAP_BYTES = 300 * 1024 * 1024;

const HUGE_LENGTH = 'HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 2147483648\r\n\r\n';

/** The floods the budget tests answer with. */
export const FLOODS = {
  /** 200, Transfer-Encoding: chunked, chunks of 256 KiB up to the cap */
  chunked: { head: 'HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n', body: 'chunked' },
  /** 200 without Content-Length or Transfer-Encoding: the body runs until the server closes */
  untilClose: { head: 'HTTP/1.1 200 OK\r\nContent-Type: application/json\r\n\r\n', body: 'raw' },
  /** 200, Content-Length: 2147483648, then the body streamed up to the cap */
  hugeLength: { head: HUGE_LENGTH, body: 'raw' },
  /** 200, Content-Length: 2147483648, then silence */
  hugeLengthSilent: { head: HUGE_LENGTH, body: 'none' },
} as const satisfies Record<string, FloodOptions>;

/** Writes body pieces while the socket takes them, then waits for 'drain'; stops at the cap. */
function pump(socket: net.Socket, options: FloodOptions, count: (n: number) => void): void {
  const cap = options.capBytes ?? FLOOD_CAP_BYTES;
  const piece = options.body === 'chunked' ? CHUNK : PIECE;
  let sent = 0;
  const more = (): void => {
    while (!socket.destroyed && sent < cap) {
      sent += PIECE.length;
      count(PIECE.length);
      if (!socket.write(piece)) {
        socket.once('drain', more);
        return;
      }
    }
    if (socket.destroyed) return;
    if (options.body === 'chunked') socket.end(LAST_CHUNK);
    else socket.end();
  };
  more();
}

export async function startFloodServer(options: FloodOptions): Promise<FloodServer> {
  const sockets = new Set<net.Socket>();
  let sentTotal = 0;
  let closed = 0;
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('error', () => {});
    socket.on('close', () => { sockets.delete(socket); closed += 1; });
    socket.once('data', () => {
      socket.write(options.head);
      if (options.body !== 'none') pump(socket, options, (n) => { sentTotal += n; });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as net.AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}/`,
    port,
    bytesSent: () => sentTotal,
    closedConnections: () => closed,
    openConnections: () => sockets.size,
    close: () => new Promise<void>((resolve) => {
      for (const socket of sockets) socket.destroy();
      server.close(() => resolve());
    }),
  };
}
