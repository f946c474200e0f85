// Test helper: HTTP/1.1 on a raw socket, with a strict framing parser, to see the
// exact bytes of a 204 on a reused connection (clients hide them).
// Why not harness/http, which parses the same framing: the reference's own tests stay
// independent of the harness that certifies it. Were both read by one parser, a parser
// bug that accepted a stray byte after a 204 would pass the reference here and in the
// certification alike; two small parsers written apart must both be wrong the same way.
// (The references import nothing of harness/, tests included: DESIGN.md's one-way rule.)
import { connect } from 'node:net';

export interface WireResponse {
  readonly status: number;
  /** The header section, status line included, without the blank line. */
  readonly head: string;
  readonly headers: ReadonlyMap<string, string>;
  readonly body: Buffer;
}

export class FramingError extends Error {
  override readonly name = 'FramingError';
}

function parseHead(head: string): { status: number; headers: Map<string, string> } {
  const [statusLine = '', ...lines] = head.split('\r\n');
  const match = /^HTTP\/1\.1 (\d{3}) [^\r\n]*$/.exec(statusLine);
  if (!match) throw new FramingError(`not a status line: ${JSON.stringify(statusLine.slice(0, 40))}`);
  const headers = new Map<string, string>();
  for (const line of lines) {
    const colon = line.indexOf(':');
    if (colon <= 0) throw new FramingError(`malformed header line ${JSON.stringify(line)}`);
    headers.set(line.slice(0, colon).toLowerCase(), line.slice(colon + 1).trim());
  }
  return { status: Number(match[1]), headers };
}

function bodyLength(status: number, method: string, headers: Map<string, string>, rest: Buffer): number {
  // RFC 9112 §6.3: a response to HEAD, a 1xx, 204 or 304 ends with its header section.
  if (method === 'HEAD' || status === 204 || status === 304 || status < 200) return 0;
  if (headers.has('transfer-encoding')) throw new FramingError('chunked bodies are not expected here');
  const length = headers.get('content-length');
  if (length === undefined) return rest.length; // close-delimited
  if (!/^\d+$/.test(length) || Number(length) > rest.length) throw new FramingError(`bad Content-Length ${length}`);
  return Number(length);
}

/** Splits bytes into one response per request method, strictly; `rest` is anything after. */
export function parseResponses(bytes: Buffer, methods: readonly string[]): { responses: WireResponse[]; rest: Buffer } {
  const responses: WireResponse[] = [];
  let rest = bytes;
  for (const method of methods) {
    const end = rest.indexOf('\r\n\r\n');
    if (end < 0) throw new FramingError(`incomplete header section for ${method}`);
    const head = rest.subarray(0, end).toString('latin1');
    const { status, headers } = parseHead(head);
    rest = rest.subarray(end + 4);
    const length = bodyLength(status, method, headers, rest);
    responses.push({ status, head, headers, body: rest.subarray(0, length) });
    rest = rest.subarray(length);
  }
  return { responses, rest };
}

/**
 * Sends the requests on ONE connection, sequentially (each after the previous
 * answer's header section arrived) or pipelined (all in one write), and resolves to
 * every byte received until the server closed (the last request says Connection: close).
 */
export function exchange(port: number, requests: readonly string[], mode: 'sequential' | 'pipelined'): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    let sent = 0;
    const sendNext = () => socket.write(requests[sent++] ?? '');
    socket.on('connect', () => (mode === 'pipelined' ? socket.write(requests.join('')) : sendNext()));
    socket.on('data', (chunk: Buffer) => {
      chunks.push(chunk);
      const heads = Buffer.concat(chunks).toString('latin1').split('\r\n\r\n').length - 1;
      if (mode === 'sequential' && sent < requests.length && heads >= sent) sendNext();
    });
    socket.on('end', () => resolve(Buffer.concat(chunks)));
    socket.on('error', reject);
  });
}

export function httpRequest(method: string, path: string, headers: Record<string, string>, body = ''): string {
  const lines = [`${method} ${path} HTTP/1.1`, 'Host: 127.0.0.1', ...Object.entries(headers).map(([k, v]) => `${k}: ${v}`)];
  if (body !== '' || method === 'PATCH' || method === 'POST') lines.push(`Content-Length: ${Buffer.byteLength(body)}`);
  return `${lines.join('\r\n')}\r\n\r\n${body}`;
}
