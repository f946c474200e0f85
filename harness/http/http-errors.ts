// The error catalog of harness/http. Codes are stable: suites and reports match on
// them, so a code is never renamed, only added. Messages name the value received and,
// where the harness user can act on it, how to fix it.

import type { ExchangeResult } from './exchange.ts';
import type { FramingFault } from './framing-fault.ts';

export const FramingCode = {
  /** The status line is not `HTTP/1.x SP 3DIGIT SP reason CRLF`. */
  statusLine: 'WIRECHECK_ERR_HTTP_STATUS_LINE',
  /** A header (or trailer) line is malformed: obs-fold, bare LF, space before colon, bad name or value. */
  header: 'WIRECHECK_ERR_HTTP_HEADER',
  /** Content-Length is not a single non-negative decimal number. */
  contentLength: 'WIRECHECK_ERR_HTTP_CONTENT_LENGTH',
  /** Transfer-Encoding cannot be honoured (chunked twice, or together with Content-Length). */
  transferEncoding: 'WIRECHECK_ERR_HTTP_TRANSFER_ENCODING',
  /** A chunk size line, chunk extension or chunk terminator is malformed. */
  chunk: 'WIRECHECK_ERR_HTTP_CHUNK',
  /** The header section grew beyond the limit without ending. */
  headTooLarge: 'WIRECHECK_ERR_HTTP_HEAD_TOO_LARGE',
  /** The connection closed before every expected response was complete. */
  incomplete: 'WIRECHECK_ERR_HTTP_INCOMPLETE',
} as const;

export type FramingErrorCode = (typeof FramingCode)[keyof typeof FramingCode];

/** The byte stream from the server is not a correctly framed sequence of HTTP/1.1 responses. */
export class FramingError extends Error {
  override readonly name = 'FramingError';
  readonly code: FramingErrorCode;
  /** Offset of the offending byte in the stream received on the connection. */
  readonly offset: number;

  constructor(code: FramingErrorCode, message: string, offset: number) {
    super(message);
    this.code = code;
    this.offset = offset;
  }
}

export const ExchangeCode = {
  /** The base URL is not an absolute http: or https: URL. */
  url: 'WIRECHECK_ERR_HTTP_URL',
  /** Connecting failed: refused, unknown host, unreachable network. */
  unreachable: 'WIRECHECK_ERR_HTTP_UNREACHABLE',
  /** The TLS handshake failed (certificate not trusted, wrong name, protocol mismatch). */
  tls: 'WIRECHECK_ERR_HTTP_TLS',
  /** Nothing arrived in time: connecting, or a response that was awaited. */
  timeout: 'WIRECHECK_ERR_HTTP_TIMEOUT',
  /** `request()` only: the response was not correctly framed, or stray bytes followed it. */
  framing: 'WIRECHECK_ERR_HTTP_FRAMING',
  /** A request given to `exchange()` cannot be sent (e.g. a raw Buffer without a request line). */
  request: 'WIRECHECK_ERR_HTTP_REQUEST',
  /** An answer (or what followed it) was larger than the response budget; the connection was dropped. */
  tooLarge: 'WIRECHECK_ERR_HTTP_RESPONSE_TOO_LARGE',
} as const;

export type ExchangeErrorCode = (typeof ExchangeCode)[keyof typeof ExchangeCode];

/** An exchange could not be carried out; `partial` holds what was received before it failed. */
export class ExchangeError extends Error {
  override readonly name = 'ExchangeError';
  readonly code: ExchangeErrorCode;
  /** What had been exchanged when the error happened (responses, raw bytes), when a connection was open. */
  readonly partial: ExchangeResult | undefined;
  /** A framing fault of the target that this error is one symptom of (reports group the checks it fails under it). */
  readonly rootCause: FramingFault | undefined;

  constructor(code: ExchangeErrorCode, message: string, options: { cause?: unknown; partial?: ExchangeResult; rootCause?: FramingFault } = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.code = code;
    this.partial = options.partial;
    this.rootCause = options.rootCause;
  }
}

/** A Redactor was configured with a secret it cannot redact safely. */
export class RedactorError extends Error {
  override readonly name = 'RedactorError';
  readonly code = 'WIRECHECK_ERR_HTTP_REDACTOR';
}
