// RFC 9112 §9.3.2: a server may process pipelined requests in parallel only if they
// all have safe methods. Node emits every pipelined request at once, so a GET behind
// a PATCH on the same connection could read before the PATCH commits. This hook makes
// each request wait until the one before it on the same connection has been answered.
import type { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';

export function orderPipelinedRequests(app: FastifyInstance): void {
  const previous = new WeakMap<Socket, Promise<void>>();
  app.addHook('onRequest', async (request, reply) => {
    const socket = request.raw.socket;
    const before = previous.get(socket) ?? Promise.resolve();
    let release!: () => void;
    const answered = new Promise<void>((resolve) => { release = resolve; });
    previous.set(socket, before.then(() => answered));
    // Whatever ends this exchange — a response sent, a hijacked socket written, a
    // connection lost — lets the next request go.
    reply.raw.once('finish', release);
    reply.raw.once('close', release);
    socket.once('close', release);
    await before;
  });
}
