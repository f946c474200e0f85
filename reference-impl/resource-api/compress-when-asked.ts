// Fault content-encoding-when-asked: compression middleware of the common careless
// kind. For a client whose Accept-Encoding names gzip it compresses every body and
// labels every answer `Content-Encoding: gzip` — also a 204, whose absent body it never
// looks at (204 rules 2: "No Content-Encoding is sent for the absent body"). A client
// that asks for no compression sees a correct service.
import { gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

function acceptsGzip(request: FastifyRequest): boolean {
  const header = request.headers['accept-encoding'];
  return typeof header === 'string' && /(^|,)\s*gzip\s*(;|,|$)/i.test(header);
}

/** onSend hook: the answer compressed (and labelled so) when the client accepts gzip. */
export async function compressWhenAsked<P>(request: FastifyRequest, reply: FastifyReply, payload: P): Promise<P | Buffer> {
  if (!acceptsGzip(request)) return payload;
  reply.header('content-encoding', 'gzip');
  reply.header('vary', `${String(reply.getHeader('vary') ?? 'Authorization')}, Accept-Encoding`);
  if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
  reply.removeHeader('content-length');
  return gzipSync(payload);
}
