// The response budget of one raw connection: after each read it looks at what the
// parser holds beyond the last complete response — the answer being waited for, with
// its 1xx heads, or bytes after the last answer — and names the reason to drop the
// connection once that is more than the budget, or once a head declares a Content-Length
// that would take it past the budget. The caller drops the connection; nothing more is
// read, so a flood costs the budget and one read, never what the target sends.
import type { Connection } from './connection.ts';
import { declaredSpan, type DeclaredSpan } from './declared-length.ts';
import { trailingFloodReason, tooLargeReason } from './response-budget.ts';
import type { ResponseParser } from './response-parser.ts';

export interface WatchedRequest {
  readonly method: string;
  /** how messages name the request: `GET /v1/labels` */
  readonly label: string;
}

export interface WatchOptions {
  /** most bytes one response (or what follows the last one) may take */
  readonly limit: number;
  readonly maxHeadBytes: number;
  /** `host:port`, for messages */
  readonly from: string;
}

export class ResponseSizeWatch {
  #reason: string | undefined;
  /** The declaration of the response at `at`, once its head was read: one look per response. */
  #declared: { at: number; span: DeclaredSpan | 'undeclared' } | undefined;
  /** Complete responses already held against the budget. */
  #judged = 0;

  constructor(private readonly parser: ResponseParser, private readonly requests: readonly WatchedRequest[], private readonly options: WatchOptions) {}

  /** Why the connection is to be dropped; undefined while it is within the budget. */
  get exceeded(): string | undefined {
    return this.#reason;
  }

  /** Call after each read the parser was given: the reason, once there is one. */
  check(): string | undefined {
    if (this.#reason !== undefined) return this.#reason;
    this.#reason = this.#completedTooLarge() ?? this.#pendingTooLarge();
    return this.#reason;
  }

  /** A response that arrived whole in one read is judged too: the budget is a size, not a count of reads. */
  #completedTooLarge(): string | undefined {
    const { responses } = this.parser;
    for (; this.#judged < responses.length; this.#judged += 1) {
      const response = responses[this.#judged];
      if (response === undefined || response.raw.length <= this.options.limit) continue;
      const declared = response.framing === 'content-length' ? response.body.length : undefined;
      return tooLargeReason(this.#what(this.#judged), this.options.limit, declared);
    }
    return undefined;
  }

  #pendingTooLarge(): string | undefined {
    const { parser, options: { limit } } = this;
    const pending = parser.received.length - parser.consumed;
    const index = parser.responses.length;
    if (parser.done) return pending > limit ? trailingFloodReason(this.#what(index - 1), limit) : undefined;
    if (pending > limit) return tooLargeReason(this.#what(index), limit);
    const declared = this.#declaration(index);
    return typeof declared === 'object' && declared.bytes > limit ? tooLargeReason(this.#what(index), limit, declared.contentLength) : undefined;
  }

  #declaration(index: number): DeclaredSpan | 'undeclared' | undefined {
    const at = this.parser.consumed;
    if (this.#declared?.at === at) return this.#declared.span;
    const span = declaredSpan(this.parser.received, at, this.requests[index]?.method ?? 'GET', this.options.maxHeadBytes);
    if (span !== undefined) this.#declared = { at, span };
    return span;
  }

  #what(index: number): string {
    const request = this.requests[Math.max(0, Math.min(index, this.requests.length - 1))];
    return `${request?.label ?? 'the request'} from ${this.options.from}`;
  }
}

/** The parser's default head limit (64 KiB), where a caller gives none. */
const DEFAULT_MAX_HEAD_BYTES = 64 * 1024;

/**
 * Feeds what `conn` receives to `parser` within the budget: once the watch names a
 * reason, the connection is dropped and nothing more is parsed — not even the end of the
 * stream, so a body cut off at the budget never passes for a complete until-close body.
 */
export function feedWithinBudget(conn: Connection, parser: ResponseParser, requests: readonly WatchedRequest[], options: Omit<WatchOptions, 'from' | 'maxHeadBytes'> & { maxHeadBytes?: number | undefined }): ResponseSizeWatch {
  const watch = new ResponseSizeWatch(parser, requests, { limit: options.limit, maxHeadBytes: options.maxHeadBytes ?? DEFAULT_MAX_HEAD_BYTES, from: conn.hostPort });
  conn.onData((chunk) => {
    if (watch.exceeded !== undefined) return;
    parser.push(chunk);
    if (watch.check() !== undefined) conn.destroy();
  });
  conn.onEnd(() => {
    if (watch.exceeded === undefined) parser.end();
  });
  return watch;
}
