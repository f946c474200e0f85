// A loopback server for this module's own tests that answers with exact, possibly
// broken, bytes — the only way to prove the parser catches what real servers get wrong.
// It cuts the incoming stream into requests (head + Content-Length body) and asks the
// test's responder what to write for each.

import net from 'node:net';

export interface ReceivedRequest {
  index: number;
  /** the request line */
  line: string;
  raw: Buffer;
}

/** What to do for a request: bytes to write (pieces are written in separate ticks), or an action. */
export type Reply = Buffer | string | ReadonlyArray<Buffer | string> | { pieces: ReadonlyArray<Buffer | string>; delayMs?: number; close?: boolean } | 'close' | 'silence';

export interface RawServer {
  url: string;
  port: number;
  /** requests in arrival order, over all connections */
  requests: ReceivedRequest[];
  connections: number;
  close(): Promise<void>;
}

function nextRequest(buf: Buffer): { raw: Buffer; rest: Buffer } | undefined {
  const headEnd = buf.indexOf('\r\n\r\n');
  if (headEnd === -1) return undefined;
  const head = buf.subarray(0, headEnd).toString('latin1');
  const length = Number(/\r\ncontent-length:\s*(\d+)/i.exec(head)?.[1] ?? '0');
  const end = headEnd + 4 + length;
  if (buf.length < end) return undefined;
  return { raw: buf.subarray(0, end), rest: buf.subarray(end) };
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

async function write(socket: net.Socket, reply: Reply): Promise<void> {
  if (reply === 'silence') return;
  if (reply === 'close') { socket.end(); return; }
  const spec = typeof reply === 'string' || Buffer.isBuffer(reply) ? { pieces: [reply] }
    : Array.isArray(reply) ? { pieces: reply as ReadonlyArray<Buffer | string> } : reply as { pieces: ReadonlyArray<Buffer | string>; delayMs?: number; close?: boolean };
  for (const piece of spec.pieces) {
    if (socket.destroyed) return;
    socket.write(typeof piece === 'string' ? Buffer.from(piece, 'latin1') : piece);
    // A pause between pieces makes it likely (not certain) that each is a read of its own.
    await sleep(spec.delayMs ?? 0);
  }
  if (spec.close) socket.end();
}

export async function startRawServer(respond: (req: ReceivedRequest) => Reply): Promise<RawServer> {
  const sockets = new Set<net.Socket>();
  const state: RawServer = { url: '', port: 0, requests: [], connections: 0, close: async () => {} };
  const server = net.createServer((socket) => {
    state.connections += 1;
    sockets.add(socket);
    socket.setNoDelay(true);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => {});
    let buf: Buffer = Buffer.alloc(0);
    let queue = Promise.resolve();
    socket.on('data', (chunk: Buffer) => {
      buf = Buffer.concat([buf, chunk]);
      for (let next = nextRequest(buf); next; next = nextRequest(buf)) {
        buf = next.rest;
        const req = { index: state.requests.length, line: next.raw.toString('latin1').split('\r\n')[0] ?? '', raw: next.raw };
        state.requests.push(req);
        // Replies go out in request order even when pieces are delayed.
        queue = queue.then(() => write(socket, respond(req))).catch(() => {});
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as net.AddressInfo).port;
  state.port = port;
  state.url = `http://127.0.0.1:${port}/`;
  state.close = () => new Promise<void>((resolve) => {
    for (const socket of sockets) socket.destroy();
    server.close(() => resolve());
  });
  return state;
}

/** A port on which nothing listens (it was free a moment ago). */
export async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as net.AddressInfo).port;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}
