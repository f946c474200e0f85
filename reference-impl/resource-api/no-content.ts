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

// Stryker disable next-line BlockStatement: fault switch only: wireDefect returns a defect only with a 204 wire fault on; with every fault off it returns undefined, as the emptied body does
function wireDefect(ctx: AppContext): WireDefect | undefined {
  const headers: Record<string, string> = {};
  let trailing = '';
  // Stryker disable next-line ConditionalExpression,StringLiteral,ArrayDeclaration: fault switch only: reachable with content-length-on-204 on, off in every conformance run (the killed 'true' mutant is that fault forced on, proved by the self-test)
  if (ctx.has('content-length-on-204')) [headers['Content-Length'], trailing] = ['2', `${trailing}{}`];
  // Stryker disable next-line ConditionalExpression,StringLiteral,ArrayDeclaration: fault switch only: reachable with chunked-204 on, off in every conformance run (the killed 'true' mutant is that fault forced on, proved by the self-test)
  if (ctx.has('chunked-204')) [headers['Transfer-Encoding'], trailing] = ['chunked', `${trailing}0\r\n\r\n`];
  // Stryker disable next-line ConditionalExpression,StringLiteral: fault switch only: reachable with content-encoding-on-204 on, off in every conformance run (the killed 'true' mutant is that fault forced on, proved by the self-test)
  if (ctx.has('content-encoding-on-204')) headers['Content-Encoding'] = 'gzip';
  // Stryker disable next-line ConditionalExpression,StringLiteral: fault switch only: reachable with body-after-204 on, off in every conformance run (the killed 'true' mutant is that fault forced on, proved by the self-test)
  if (ctx.has('body-after-204')) trailing += '{}';
  // Stryker disable next-line ConditionalExpression,StringLiteral: fault switch only: reachable with crlf-after-204 on, off in every conformance run (the killed 'true' mutant is that fault forced on, proved by the self-test)
  if (ctx.has('crlf-after-204')) trailing += '\r\n';
  // Stryker disable next-line all: equivalent with every wire fault off (headers {}, trailing ''): forcing the raw path writes the same 204, status line, common and metadata headers, no content, connection kept as Node keeps it
  const defective = Object.keys(headers).length > 0 || trailing !== '';
  // Stryker disable next-line ObjectLiteral: fault switch only: the defect object is built only with a 204 wire fault on
  return defective ? { headers, trailing } : undefined;
}

// Node internals used by the raw path only: the pending header block, and whether
// the connection closes after this response.
type RawResponse = ServerResponse & { _header: string | null; _last: boolean; shouldKeepAlive: boolean };

// Stryker disable all: fault switch only: the raw 204 is written only with a wire fault on (content-length-on-204, chunked-204, content-encoding-on-204, body-after-204, crlf-after-204)
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
// Stryker restore all

/** Answers 204 with the given metadata headers (ETag, Preference-Applied). */
export function sendNoContent(
  ctx: AppContext, request: FastifyRequest, reply: FastifyReply, headers: Record<string, string> = {},
): FastifyReply {
  const defect = wireDefect(ctx);
  // Stryker disable next-line ConditionalExpression: fault switch only: defect is set only with a 204 wire fault on, so this test holds in every conformance run (also skips the killed 'false' mutant: it reads defect.headers of undefined and fails every 204)
  if (!defect) return reply.code(204).headers(headers).send();
  // Stryker disable next-line ObjectLiteral: fault switch only: the raw path runs only with a 204 wire fault on
  writeExactBytes(reply, { ...commonHeaders(ctx, request), ...headers, ...defect.headers }, defect.trailing);
  return reply;
}
