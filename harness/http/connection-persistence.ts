// Whether a connection outlives a response: RFC 9112 §9.3. A response after which it
// does not is the last on its connection: a server that sends "close" "MUST initiate
// closure of the connection after it sends the response containing close" and "MUST NOT
// process any further requests received on that connection" (§9.6). So nothing valid
// can follow it — whatever does is stray — and a client sends it nothing more.

import type { ParsedResponse } from './parsed-response.ts';

/** The connection options of `response`, lower-cased (RFC 9110 §7.6.1: tokens, case-insensitive). */
function connectionOptions(response: ParsedResponse): Set<string> {
  return new Set(response.headerValues('connection').flatMap((v) => v.split(','))
    .map((option) => option.replace(/^[ \t]+|[ \t]+$/g, '').toLowerCase()).filter((option) => option !== ''));
}

/**
 * Why the connection ends after `response`, or undefined when it persists. RFC 9112 §9.3,
 * in its order: the "close" option ends it; HTTP/1.1 (or later) persists; HTTP/1.0
 * persists only with the "keep-alive" option.
 */
export function closeAfter(response: ParsedResponse): string | undefined {
  const options = connectionOptions(response);
  const what = `the ${response.statusCode} response to ${response.method} at offset ${response.offset}`;
  const after = 'so the server closes the connection after it and nothing may follow it there (RFC 9112 §9.6)';
  if (options.has('close')) return `${what} announced "Connection: close", ${after}`;
  if (response.httpVersion === '1.0' && !options.has('keep-alive')) {
    return `${what} is HTTP/1.0 without "Connection: keep-alive" (RFC 9112 §9.3), ${after}`;
  }
  return undefined;
}
