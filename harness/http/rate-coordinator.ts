// One rate limit for a whole run, whatever number of processes send: the wirecheck
// process holds the run's pacer and serves it on a loopback socket; each suite process
// (vitest's workers, the Pact process) reserves its slots there (remote-pacer.ts).
// Dividing N among the processes instead would waste the budget of every idle one and
// break as soon as processes come and go; one pacer keeps every request of the run in
// one queue. The protocol is one line each way: `K\n` asks for a slot for K requests
// sent together, `WAIT\n` (milliseconds, or `over` for a burst the limit cannot hold)
// answers it, in order.
import { createServer, type Socket } from 'node:net';
import type { SendPacer } from './send-pacer.ts';

export interface RateCoordinator {
  /** `127.0.0.1:PORT`, for RemotePacer. */
  readonly address: string;
  close(): Promise<void>;
}

function answer(pacer: SendPacer, line: string): string {
  const count = Number(line);
  if (!Number.isSafeInteger(count) || count < 1) return 'bad';
  if (count > pacer.limit.count) return 'over';
  return String(Math.ceil(pacer.reserve(count)));
}

export function startRateCoordinator(pacer: SendPacer): Promise<RateCoordinator> {
  const sockets = new Set<Socket>();
  const server = createServer((socket) => {
    sockets.add(socket);
    socket.setNoDelay(true);
    let pending = '';
    socket.on('data', (chunk: Buffer) => {
      pending += chunk.toString('latin1');
      const lines = pending.split('\n');
      pending = lines.pop() ?? '';
      if (pending.length > 64) socket.destroy();
      else if (lines.length > 0) socket.write(lines.map((line) => `${answer(pacer, line.trim())}\n`).join(''));
    });
    socket.on('error', () => socket.destroy());
    socket.on('close', () => sockets.delete(socket));
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      resolve({
        address: `127.0.0.1:${port}`,
        close: () => new Promise<void>((done) => {
          for (const socket of sockets) socket.destroy();
          server.close(() => done());
        }),
      });
    });
  });
}
