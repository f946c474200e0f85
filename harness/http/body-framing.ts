// How a response's body is delimited: RFC 9112 §6.3, in its order. The order matters
// for the 204 checks: a 204 (or 304, or an answer to HEAD) ends at its empty line
// whatever its Content-Length or Transfer-Encoding say, so any bytes a faulty server
// sends after it are stray, not body.

import { fail } from './head-parser.ts';
import type { Step } from './head-parser.ts';
import { FramingCode } from './http-errors.ts';
import type { HeaderLines } from './parsed-response.ts';

export type BodyFraming =
  | { kind: 'no-body'; endsStream: boolean }
  | { kind: 'chunked' }
  | { kind: 'content-length'; length: number }
  | { kind: 'until-close' };

function values(headers: HeaderLines, name: string): string[] {
  return headers.filter(([n]) => n.toLowerCase() === name).map(([, v]) => v);
}

/** The single Content-Length of `lines`, which may repeat it only with equal values. */
export function parseContentLength(lines: readonly string[], offset: number): Step<{ length: number }> {
  const elements = lines.flatMap((line) => line.split(',').map((e) => e.replace(/^[ \t]+|[ \t]+$/g, '')));
  const bad = (why: string) => fail(FramingCode.contentLength,
    `invalid Content-Length in the response at offset ${offset}: ${why}; got ${JSON.stringify(lines)}`, offset);
  for (const element of elements) {
    if (!/^[0-9]+$/.test(element)) return bad(`${JSON.stringify(element)} is not a non-negative decimal number (1*DIGIT)`);
  }
  const numbers = elements.map((e) => Number(e));
  const length = numbers[0] ?? 0;
  if (!Number.isSafeInteger(length)) return bad('the value is too large');
  if (numbers.some((n) => n !== length)) return bad('it is given more than once with differing values');
  return { kind: 'ok', end: 0, length };
}

function chunkedFraming(codings: string[], hasContentLength: boolean, offset: number): Step<{ framing: BodyFraming }> {
  const bad = (why: string) => fail(FramingCode.transferEncoding,
    `invalid Transfer-Encoding in the response at offset ${offset}: ${why}; got ${JSON.stringify(codings)}`, offset);
  if (hasContentLength) {
    return bad('it is sent together with Content-Length (RFC 9112 §6.2 forbids this; §6.3 says to treat it as an error)');
  }
  const chunkedCount = codings.filter((c) => c === 'chunked').length;
  if (chunkedCount > 1) return bad('chunked is applied more than once');
  // RFC 9112 §6.3 item 4: without chunked as the final coding, a response ends at close.
  const framing: BodyFraming = codings.at(-1) === 'chunked' ? { kind: 'chunked' } : { kind: 'until-close' };
  return { kind: 'ok', end: 0, framing };
}

/** RFC 9112 §6.3: how the body of a final response (status ≥ 200, or 101) to `method` is delimited. */
export function bodyFraming(statusCode: number, method: string, headers: HeaderLines, offset: number): Step<{ framing: BodyFraming }> {
  const ok = (framing: BodyFraming): Step<{ framing: BodyFraming }> => ({ kind: 'ok', end: 0, framing });
  // 1. After 101, or a 2xx to CONNECT, the connection is no longer HTTP: nothing after it is parsed.
  if (statusCode === 101 || (method === 'CONNECT' && statusCode >= 200 && statusCode < 300)) {
    return ok({ kind: 'no-body', endsStream: true });
  }
  // 2. HEAD, 1xx, 204 and 304 end at the empty line after the header section.
  if (method === 'HEAD' || statusCode < 200 || statusCode === 204 || statusCode === 304) {
    return ok({ kind: 'no-body', endsStream: false });
  }
  const contentLength = values(headers, 'content-length');
  const transferEncoding = values(headers, 'transfer-encoding');
  // 3. Transfer-Encoding (list elements may be empty, which recipients ignore).
  if (transferEncoding.length > 0) {
    const codings = transferEncoding.flatMap((v) => v.split(','))
      .map((c) => c.replace(/^[ \t]+|[ \t]+$/g, '').toLowerCase()).filter((c) => c !== '');
    return chunkedFraming(codings, contentLength.length > 0, offset);
  }
  // 4. Content-Length.
  if (contentLength.length > 0) {
    const parsed = parseContentLength(contentLength, offset);
    return parsed.kind === 'ok' ? ok({ kind: 'content-length', length: parsed.length }) : parsed;
  }
  // 5. Otherwise the body runs until the server closes the connection.
  return ok({ kind: 'until-close' });
}
