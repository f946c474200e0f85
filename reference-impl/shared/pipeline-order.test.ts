// Pipelined requests on one connection are handled one after the other, so a read
// behind a write sees the write; requests on different connections still overlap.
import { connect } from 'node:net';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderPipelinedRequests } from './pipeline-order.ts';

describe('orderPipelinedRequests', () => {
  const app = Fastify();
  let value = 'old';
  let port = 0;
  beforeAll(async () => {
    orderPipelinedRequests(app);
    app.post('/slow-write', async (_request, reply) => {
      await new Promise((resolve) => setTimeout(resolve, 100));
      value = 'new';
      return reply.code(204).send();
    });
    app.get('/read', async () => ({ value }));
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    port = typeof address === 'object' && address ? address.port : 0;
  });
  afterAll(() => app.close());

  it('answers a GET pipelined behind a slow POST with the state after the POST', async () => {
    const socket = connect(port, '127.0.0.1');
    let received = '';
    socket.on('data', (chunk: Buffer) => { received += chunk.toString(); });
    socket.write(`POST /slow-write HTTP/1.1\r\nHost: x\r\nContent-Length: 0\r\n\r\nGET /read HTTP/1.1\r\nHost: x\r\n\r\n`);
    await new Promise<void>((resolve) => {
      const timer = setInterval(() => {
        if (received.includes('}')) { clearInterval(timer); resolve(); }
      }, 10);
    });
    socket.destroy();
    expect(received).toMatch(/^HTTP\/1\.1 204[\s\S]*HTTP\/1\.1 200[\s\S]*\{"value":"new"\}$/);
  });
});
