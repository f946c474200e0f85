// The 204 of the mutations. A correct 204 goes through Fastify, which sends the
// status line and headers and nothing else (no Content-Length, no Content-Type).
// The raw-wire faults cannot: Node's http module drops any body of a 204. For them
// the reply is hijacked and the exact bytes are handed to Node's response as its
// header block, so they reach the socket in order, also behind pipelined requests,
// and Node still finishes the response and serves the next request on the connection.
import type { ServerResponse } from 'node:http';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from './app-context.ts';
import { commonHeaders } from './common-headers.ts';

interface WireDefect { readonly headers: Record<string, string>; readonly trailing: string }

function wireDefect(ctx: AppContext): WireDefect | undefined {
  const headers: Record<string, string> = {};
  let trailing = '';
  if (ctx.has('content-length-on-204')) [headers['Content-Length'], trailing] = ['2', `${trailing}{}`];
  if (ctx.has('chunked-204')) [headers['Transfer-Encoding'], trailing] = ['chunked', `${trailing}0\r\n\r\n`];
  if (ctx.has('content-encoding-on-204')) headers['Content-Encoding'] = 'gzip';
  if (ctx.has('body-after-204')) trailing += '{}';
  if (ctx.has('crlf-after-204')) trailing += '\r\n';
  const defective = Object.keys(headers).length > 0 || trailing !== '';
  return defective ? { headers, trailing } : undefined;
}

// Node internals used by the raw path only: the pending header block, and whether
// the connection closes after this response.
type RawResponse = ServerResponse & { _header: string | null; _last: boolean; shouldKeepAlive: boolean };

function writeExactBytes(reply: FastifyReply, headers: Record<string, string>, trailing: string): void {
  reply.hijack();
  const res = reply.raw as RawResponse;
  const keepAlive = res.shouldKeepAlive;
  const lines = [
    'HTTP/1.1 204 No Content',
    `Date: ${new Date().toUTCString()}`,
    ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`),
    `Connection: ${keepAlive ? 'keep-alive' : 'close'}`,
  ];
  res.statusCode = 204;
  res._header = `${lines.join('\r\n')}\r\n\r\n${trailing}`;
  res._last = !keepAlive;
  res.end();
}

/** Answers 204 with the given metadata headers (ETag, Preference-Applied). */
export function sendNoContent(
  ctx: AppContext, request: FastifyRequest, reply: FastifyReply, headers: Record<string, string> = {},
): FastifyReply {
  const defect = wireDefect(ctx);
  if (!defect) return reply.code(204).headers(headers).send();
  writeExactBytes(reply, { ...commonHeaders(ctx, request), ...headers, ...defect.headers }, defect.trailing);
  return reply;
}
