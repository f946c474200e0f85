// A fuzz case: exact request bytes, how to send them, and what the answer means for
// the bookkeeping of effects (which ids must exist exactly once, which must not).
import type { RawOutcome, SendOptions } from './raw-lane.ts';

export interface FuzzCase {
  readonly kind: string;
  readonly bytes: Buffer;
  readonly send: Omit<SendOptions, 'timeoutMs'>;
  /** Deliberately provoked 503 (the resource API's fail-next-commit): allowed once per such case. */
  readonly deliberate503?: boolean;
  /** Bookkeeping once the outcome is known. */
  readonly settle?: (outcome: RawOutcome) => void;
}

const CRLF = '\r\n';

/** An HTTP/1.1 request as bytes: head lines exactly as given, Content-Length added unless framed. */
export function rawRequest(method: string, path: string, headers: ReadonlyArray<readonly [string, string]>, body?: Buffer, options: { contentLength?: boolean } = {}): Buffer {
  const lines = [`${method} ${path} HTTP/1.1`, 'Host: 127.0.0.1', ...headers.map(([n, v]) => `${n}: ${v}`)];
  const framed = headers.some(([n]) => /^(content-length|transfer-encoding)$/i.test(n));
  if (body && !framed && options.contentLength !== false) lines.push(`Content-Length: ${body.length}`);
  const head = Buffer.from(lines.join(CRLF) + CRLF + CRLF, 'latin1');
  return body ? Buffer.concat([head, body]) : head;
}

export function chunked(body: Buffer, pieces: number): Buffer {
  const size = Math.max(1, Math.ceil(body.length / pieces));
  const parts: Buffer[] = [];
  for (let i = 0; i < body.length; i += size) {
    const piece = body.subarray(i, i + size);
    parts.push(Buffer.from(`${piece.length.toString(16)}${CRLF}`), piece, Buffer.from(CRLF));
  }
  parts.push(Buffer.from(`0${CRLF}${CRLF}`));
  return Buffer.concat(parts);
}

/** Headers that break framing or parsing: the server must refuse them with a 4xx (or close), never a 5xx. */
export function hostileHeaderSets(random: () => number): Array<{ name: string; headers: Array<[string, string]>; fresh: true }> {
  const big = 'x'.repeat(17_000 + Math.floor(random() * 20_000));
  return [
    { name: 'huge-header-value', headers: [['X-Huge', big]], fresh: true },
    { name: 'header-count-3000', headers: Array.from({ length: 3000 }, (_, i) => [`X-H${i}`, 'v'] as [string, string]), fresh: true },
    { name: 'invalid-header-name', headers: [['Bad Header', 'x']], fresh: true },
    { name: 'nul-in-header', headers: [['X-Nul', 'a\u0000b']], fresh: true },
    { name: 'bare-cr-in-header', headers: [['X-Cr', 'a\rb']], fresh: true },
    { name: 'conflicting-content-length', headers: [['Content-Length', '5'], ['Content-Length', '6']], fresh: true },
    { name: 'te-and-cl', headers: [['Transfer-Encoding', 'chunked'], ['Content-Length', '4']], fresh: true },
    { name: 'bad-transfer-encoding', headers: [['Transfer-Encoding', 'gzip, chunked, identity']], fresh: true },
    { name: 'negative-content-length', headers: [['Content-Length', '-1']], fresh: true },
    { name: 'obs-fold', headers: [['X-Fold', 'a\r\n b']], fresh: true },
  ];
}
