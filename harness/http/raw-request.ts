// A request as exact bytes. Conformance checks must be able to send what a well-behaved
// client library would refuse to (odd header spelling, a missing Host, a body whose bytes
// are not UTF-8, a Content-Length that lies), so nothing here normalizes or validates:
// the caller's order, spelling and bytes go on the wire as given.

export interface RawRequest {
  method: string;
  /** request-target exactly as sent; `exchange()` resolves a relative one against the base URL's path */
  target: string;
  /** in wire order and spelling; repeated names are sent as repeated lines */
  headers?: ReadonlyArray<readonly [string, string]>;
  /** a string is sent as UTF-8; a Uint8Array byte for byte */
  body?: Uint8Array | string;
  /** do not add Content-Length for the body (e.g. to test a server's handling of its absence) */
  omitContentLength?: boolean;
  /** do not add Host (an HTTP/1.1 server must answer 400) */
  omitHost?: boolean;
}

const CRLF = '\r\n';

function hasHeader(headers: ReadonlyArray<readonly [string, string]>, name: string): boolean {
  return headers.some(([n]) => n.toLowerCase() === name);
}

function bodyBytes(body: Uint8Array | string | undefined): Buffer | undefined {
  if (body === undefined) return undefined;
  return typeof body === 'string' ? Buffer.from(body, 'utf8') : Buffer.from(body);
}

/**
 * The exact bytes of `req`: request line, Host (first, unless given or omitted), the
 * headers as given, Content-Length when a body is present and the framing is not
 * already given, the empty line, the body. `host` is the Host value (`name:port`).
 */
export function serializeRequest(req: RawRequest, host: string): Buffer {
  const headers = req.headers ?? [];
  const body = bodyBytes(req.body);
  const lines = [`${req.method} ${req.target} HTTP/1.1`];
  if (!req.omitHost && !hasHeader(headers, 'host')) lines.push(`Host: ${host}`);
  for (const [name, value] of headers) lines.push(`${name}: ${value}`);
  const framed = hasHeader(headers, 'content-length') || hasHeader(headers, 'transfer-encoding');
  if (body !== undefined && !framed && !req.omitContentLength) {
    lines.push(`Content-Length: ${body.length}`);
  }
  // UTF-8, like a string body: a non-ASCII target or value goes out as its UTF-8 bytes.
  // A single arbitrary byte (obs-text) needs a pre-serialized Buffer request instead.
  const head = Buffer.from(lines.join(CRLF) + CRLF + CRLF, 'utf8');
  return body === undefined ? head : Buffer.concat([head, body]);
}

/** The method of a pre-serialized request: the bytes before the first space. */
export function methodOfRawBytes(bytes: Buffer): string | undefined {
  const space = bytes.indexOf(0x20);
  if (space <= 0) return undefined;
  const method = bytes.subarray(0, space).toString('latin1');
  return /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/.test(method) ? method : undefined;
}
