// Test support: clients that misbehave on a real socket, for the references' hardening
// tests (issue 17): one that trickles its body, one that leaves mid-body, idle ones that
// hold connections. Every wait is bounded, so a server that never reacts fails the test
// instead of hanging it.
import { connect as netConnect, type Socket } from 'node:net';

/**
 * Opens a connection to 127.0.0.1:port; resolves once it is established. It reads (and
 * drops, unless a listener collects them) what the server sends, so it sees the close.
 */
export function connect(port: number): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = netConnect(port, '127.0.0.1', () => resolve(socket));
    socket.once('error', reject);
    socket.resume();
  });
}

/** Resolves true once the socket is closed, false if it is still open after `boundMs`. */
export function closedWithin(socket: Socket, boundMs: number): Promise<boolean> {
  if (socket.destroyed) return Promise.resolve(true);
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), boundMs);
    socket.once('close', () => {
      clearTimeout(timer);
      resolve(true);
    });
  });
}

/** Everything the server sends on the socket from now on, as text. */
function collect(socket: Socket): () => string {
  const chunks: Buffer[] = [];
  socket.on('data', (chunk: Buffer) => chunks.push(chunk));
  // A reset after the server gives up is an outcome here, not a test failure.
  socket.on('error', () => {});
  return () => Buffer.concat(chunks).toString('latin1');
}

/** Sends `request` (with Connection: close) on a new connection; the bytes received until the server closes it. */
export async function exchange(port: number, request: string, boundMs = 5000): Promise<string> {
  const socket = await connect(port);
  const received = collect(socket);
  socket.write(request);
  const closed = await closedWithin(socket, boundMs);
  socket.destroy();
  return closed ? received() : `still open after ${boundMs} ms: ${received()}`;
}

export interface TrickleOutcome {
  /** Body bytes written before the server closed the connection (or all of them). */
  readonly bytesSent: number;
  readonly contentLength: number;
  /** What the server answered, as text ('' when it closed without a word). */
  readonly answer: string;
}

/**
 * Sends `head` (a request's header section announcing `contentLength` body bytes), then
 * one body byte every `intervalMs`, until the server closes the connection or the body
 * is complete; a complete body waits for the answer, up to `intervalMs * 10`.
 */
export async function trickleBody(port: number, head: string, options: { contentLength: number; intervalMs: number }): Promise<TrickleOutcome> {
  const socket = await connect(port);
  const received = collect(socket);
  let open = true;
  socket.once('close', () => { open = false; });
  socket.write(head);
  let bytesSent = 0;
  while (open && bytesSent < options.contentLength) {
    await new Promise((resolve) => setTimeout(resolve, options.intervalMs));
    if (!open) break;
    socket.write('x');
    bytesSent += 1;
  }
  if (open) await closedWithin(socket, options.intervalMs * 10);
  socket.destroy();
  return { bytesSent, contentLength: options.contentLength, answer: received() };
}

/** Sends `head` and `partialBody` (less than announced), then leaves: a client gone mid-body. */
export async function abortMidBody(port: number, head: string, partialBody: string): Promise<void> {
  const socket = await connect(port);
  collect(socket);
  await new Promise<void>((resolve) => socket.write(head + partialBody, () => resolve()));
  // Let the server read the head and start on the body before the connection goes.
  await new Promise((resolve) => setTimeout(resolve, 100));
  socket.destroy();
}

/** Polls `predicate` every 20 ms; true once it holds, false if it still does not after `boundMs`. */
export async function eventually(predicate: () => boolean, boundMs = 5000): Promise<boolean> {
  const deadline = Date.now() + boundMs;
  while (!predicate()) {
    if (Date.now() > deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return true;
}

/** What a server at its connection cap did: the answer past the cap, whether each idle one was closed, the answer after. */
export interface CapOutcome {
  readonly pastCap: string;
  readonly idleClosed: readonly boolean[];
  readonly afterwards: string;
}

/**
 * Opens `cap` idle connections, sends `request` on one more (a capped server closes it
 * unanswered), waits for the idle ones to be dropped at the header deadline, and sends
 * `request` again.
 */
export async function fillToCap(port: number, cap: number, request: string): Promise<CapOutcome> {
  const idle: Socket[] = [];
  for (let i = 0; i < cap; i += 1) idle.push(await connect(port));
  const pastCap = await exchange(port, request);
  const idleClosed = await Promise.all(idle.map((socket) => closedWithin(socket, 5000)));
  return { pastCap, idleClosed, afterwards: await exchange(port, request) };
}
