// What went wrong with the framing of an exchange, said once for every check it breaks.
// One stray CRLF after a 204 makes every check that reads past a 204 fail, each in its
// own words ("2 stray byte(s) followed the 204 response", "answer 2 could not be
// read: expected a status line"); the fault itself is one. So the description names
// the fault, never the request or the check (a PATCH and a DELETE answered 204 with
// the same stray bytes have one cause), and the bytes are kept apart from it: they
// are shown, and marked in the transcript (strayRange), but do not split the cause.
import { escapeBytes } from './escape-bytes.ts';
import type { ExchangeResult } from './exchange.ts';
import { FramingCode, type FramingErrorCode } from './http-errors.ts';
import type { ParsedResponse } from './parsed-response.ts';

export interface FramingFault {
  readonly kind: 'framing';
  /** One line naming the fault, the same for every exchange it breaks. */
  readonly description: string;
  /** The offending bytes as received, escaped (escapeBytes), cut after MAX_SHOWN bytes. */
  readonly bytes: string;
}

/** Where, in an exchange's received bytes, the bytes belonging to no response are: [from, to). */
export interface ByteRange {
  readonly from: number;
  readonly to: number;
}

const MAX_SHOWN = 32;

/** What a malformed stream broke, by the parser's code. */
const BROKE: Readonly<Record<FramingErrorCode, string>> = {
  [FramingCode.statusLine]: 'a malformed status line',
  [FramingCode.header]: 'a malformed header line',
  [FramingCode.contentLength]: 'a Content-Length that is not one non-negative number',
  [FramingCode.transferEncoding]: 'a Transfer-Encoding that cannot be honoured',
  [FramingCode.chunk]: 'a malformed chunk',
  [FramingCode.headTooLarge]: 'a header section that does not end',
  [FramingCode.incomplete]: 'a connection closed before its response was complete',
};

/** The next status line after `from`: stray bytes end where the next response begins. */
function nextAnswer(raw: Buffer, from: number): number {
  const at = raw.indexOf('HTTP/1.', from, 'latin1');
  return at === -1 ? raw.length : at;
}

/** Bytes after this response are not HTTP at all (a protocol switch, a tunnel): nothing to judge. */
function endsHttp(response: ParsedResponse): boolean {
  return response.statusCode === 101 || (response.method === 'CONNECT' && response.statusCode >= 200 && response.statusCode < 300);
}

/** Where the bytes that no response can hold begin and end, when there are some. */
export function strayRange(result: ExchangeResult): ByteRange | undefined {
  const last = result.responses.at(-1);
  if (!last || endsHttp(last)) return undefined;
  const end = last.offset + last.raw.length;
  const { error } = result;
  // Bytes that cannot start a status line, right where the last response ended.
  if (error) return error.code === FramingCode.statusLine && error.offset === end ? { from: end, to: nextAnswer(result.raw, end) } : undefined;
  // Bytes after the last response: a whole further response (after a close it announced) is not stray content.
  if (result.stray.length === 0 || result.raw.subarray(end, end + 7).toString('latin1') === 'HTTP/1.') return undefined;
  return { from: end, to: nextAnswer(result.raw, end) };
}

/** What the response before stray bytes said about its own end, in words. */
function after(response: ParsedResponse): string {
  const what = `a ${response.statusCode} response${response.method === 'HEAD' ? ' to HEAD' : ''}`;
  switch (response.framing) {
    case 'no-body':
      return `stray bytes after ${what}, which has no body and ends at its empty line (RFC 9112 §6.3)`;
    case 'content-length':
      return `stray bytes after the body of ${what} framed by Content-Length (more bytes than it declared)`;
    default:
      return `stray bytes after the end of ${what} (${response.framing})`;
  }
}

function shown(bytes: Buffer): string {
  return escapeBytes(bytes.subarray(0, MAX_SHOWN)) + (bytes.length > MAX_SHOWN ? '…' : '');
}

/** The framing fault of an exchange, or undefined when every response it holds was framed correctly and nothing followed. */
export function framingFaultOf(result: ExchangeResult): FramingFault | undefined {
  const range = strayRange(result);
  const last = result.responses.at(-1);
  if (range && last) return { kind: 'framing', description: after(last), bytes: shown(result.raw.subarray(range.from, range.to)) };
  const { error } = result;
  if (!error) return undefined;
  return {
    kind: 'framing',
    description: `responses not framed by HTTP/1.1's rules: ${BROKE[error.code]} (${error.code})`,
    bytes: shown(result.raw.subarray(error.offset, error.offset + MAX_SHOWN)),
  };
}
