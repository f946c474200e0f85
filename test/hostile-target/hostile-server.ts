// A target that answers the preflight's few requests like a correct one, so that the
// run gets past it, and every other request with one hostile answer. The preflight's
// requests are recognised by their shape (`canned`); everything else is the checks'.
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { Socket } from 'node:net';
import { HOSTILE_ANSWERS, type HostileBehaviour } from './hostile-answers.ts';

export interface CannedAnswer {
  readonly status: number;
  readonly body: string;
}

/** The answer of a correct target to a request of the preflight, or undefined: a check's request. */
export type Canned = (request: IncomingMessage, body: Buffer) => CannedAnswer | undefined;

export interface HostileTarget {
  readonly url: string;
  /** Requests answered with the hostile behaviour so far. */
  hostileAnswers(): number;
  close(): Promise<void>;
}

export async function startHostileTarget(behaviour: HostileBehaviour, canned: Canned): Promise<HostileTarget> {
  const sockets = new Set<Socket>();
  let hostile = 0;
  const server: Server = createServer({ requestTimeout: 0, headersTimeout: 0 }, (request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const answer = canned(request, Buffer.concat(chunks));
      if (answer) {
        response.writeHead(answer.status, { 'content-type': 'application/json' }).end(answer.body);
        return;
      }
      hostile++;
      // The raw socket from here on: node:http writes nothing of its own while the response is never touched.
      HOSTILE_ANSWERS[behaviour](request.socket);
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('error', () => {}); // the harness dropping the connection is what we want to see
    socket.once('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}/`,
    hostileAnswers: () => hostile,
    close: () => new Promise<void>((resolve) => {
      for (const socket of sockets) socket.destroy();
      server.close(() => resolve());
    }),
  };
}
