// The byte stream of one connection, cut into responses — one per request sent, each
// with the 1xx interim responses that preceded it. Whatever follows the last expected
// response is `rest`: on a correct connection it is empty, and proving it empty after a
// 204 is the reason this parser exists. Bytes after a no-body response that are not a
// status line fail the next response, with a message saying where they came from.
// Parsing also ends after a response that ends the connection (announced close, or
// HTTP/1.0 without keep-alive: RFC 9112 §9.3, §9.6) or HTTP on it (101): nothing valid
// follows such a response, so whatever does is `rest` too, never a next response.

import { bodyFraming } from './body-framing.ts';
import { closeAfter } from './connection-persistence.ts';
import type { BodyFraming } from './body-framing.ts';
import { readChunkedBody } from './chunked-body.ts';
import type { ChunkedProgress } from './chunked-body.ts';
import { excerpt } from './escape-bytes.ts';
import { fail, headProgress, INCOMPLETE, parseHead } from './head-parser.ts';
import type { Head, HeadProgress, Step } from './head-parser.ts';
import { FramingCode, FramingError } from './http-errors.ts';
import { ParsedResponse } from './parsed-response.ts';
import type { HeaderLines } from './parsed-response.ts';
import { ByteStore } from './byte-store.ts';

export interface ParseOptions {
  /** the stream has ended (connection closed): until-close bodies end here, unfinished responses are errors */
  eof?: boolean;
  /** longest status line + header section accepted; default 64 KiB */
  maxHeadBytes?: number;
}

export interface ParseResult {
  responses: ParsedResponse[];
  /** bytes after the last complete response (stray after all expected ones, or an unfinished one) */
  rest: Buffer;
  error?: FramingError;
  /** why nothing may follow the last response: it ended the connection or HTTP on it (see ResponseParser.ended) */
  ended?: string;
}

type Body = { body: Buffer; trailers: HeaderLines; framing: ParsedResponse['framing'] };

/**
 * What is read of the response not yet complete: its heads (1xx ones too) and chunked
 * body by offset, so the next push goes on from there instead of reading it all again.
 */
class Progress {
  readonly #heads = new Map<number, HeadProgress>();
  readonly #chunked = new Map<number, ChunkedProgress>();

  head(start: number): HeadProgress {
    let head = this.#heads.get(start);
    if (head === undefined) this.#heads.set(start, head = headProgress(start));
    return head;
  }

  chunked(start: number): ChunkedProgress {
    let chunked = this.#chunked.get(start);
    if (chunked === undefined) this.#chunked.set(start, chunked = { chunks: [], next: start });
    return chunked;
  }
}

function readBody(buf: Buffer, start: number, framing: BodyFraming, eof: boolean, progress: Progress): Step<Body> {
  const none: HeaderLines = [];
  switch (framing.kind) {
    case 'no-body':
      return { kind: 'ok', end: start, body: Buffer.alloc(0), trailers: none, framing: 'no-body' };
    case 'content-length': {
      const end = start + framing.length;
      if (buf.length < end) return INCOMPLETE;
      return { kind: 'ok', end, body: buf.subarray(start, end), trailers: none, framing: 'content-length' };
    }
    case 'chunked': {
      const chunked = readChunkedBody(buf, start, progress.chunked(start));
      return chunked.kind === 'ok' ? { ...chunked, framing: 'chunked' } : chunked;
    }
    case 'until-close':
      if (!eof) return INCOMPLETE;
      return { kind: 'ok', end: buf.length, body: buf.subarray(start), trailers: none, framing: 'until-close' };
  }
}

function build(buf: Buffer, start: number, head: Head & { end: number }, body: Body & { end: number }, method: string, interim: ParsedResponse[]): ParsedResponse {
  return new ParsedResponse({
    httpVersion: head.httpVersion, statusCode: head.statusCode, reason: head.reason, headers: head.headers,
    trailers: body.trailers, body: body.body, framing: body.framing, raw: buf.subarray(start, body.end),
    rawHead: buf.subarray(start, head.end), interim, method, offset: start,
  });
}

/** Why unparsable bytes may be there: what the response before them said about its own end. */
function strayContext(previous: ParsedResponse | undefined): string {
  if (!previous) return '';
  const what = `the ${previous.statusCode} response to ${previous.method} at offset ${previous.offset}`;
  switch (previous.framing) {
    case 'no-body':
      return `; these bytes followed ${what}, a no-body response that ends at its empty line (RFC 9112 §6.3), so they are stray bytes (a body, JSON, whitespace or CRLF sent after it)`;
    case 'content-length':
      return `; these bytes followed ${what}, framed by Content-Length: ${previous.body.length} — the server may have sent more body bytes than it declared`;
    default:
      return `; these bytes followed ${what} (${previous.framing})`;
  }
}

type One = { response: ParsedResponse; ended: string | undefined };

/** Why nothing after `response` on its connection can be a response, if so. */
function endOfHttp(response: ParsedResponse, endsStream: boolean): string | undefined {
  if (!endsStream) return closeAfter(response);
  return `the ${response.statusCode} response to ${response.method} at offset ${response.offset} ended HTTP on this connection (a protocol switch or a tunnel): what follows is not HTTP`;
}

interface Reading {
  readonly eof: boolean;
  readonly maxHead: number;
  /** the response before this one, which explains bytes that are no status line */
  readonly previous: ParsedResponse | undefined;
  readonly progress: Progress;
}

/** The next final response at `start`, with the 1xx responses before it. */
function parseOne(buf: Buffer, start: number, method: string, { eof, maxHead, previous, progress }: Reading): Step<One> {
  const interim: ParsedResponse[] = [];
  let pos = start;
  for (;;) {
    const head = parseHead(buf, pos, maxHead, progress.head(pos));
    if (head.kind === 'error') {
      const last = interim.at(-1) ?? previous;
      if (head.error.code !== FramingCode.statusLine || head.error.offset !== pos) return head;
      return fail(head.error.code, head.error.message + strayContext(last), head.error.offset);
    }
    if (head.kind === 'incomplete') return INCOMPLETE;
    const framing = bodyFraming(head.statusCode, method, head.headers, pos);
    if (framing.kind !== 'ok') return framing;
    const body = readBody(buf, head.end, framing.framing, eof, progress);
    if (body.kind !== 'ok') return body;
    const response = build(buf, pos, head, body, method, head.statusCode < 200 && head.statusCode !== 101 ? [] : interim);
    if (head.statusCode >= 200 || head.statusCode === 101) {
      const endsStream = framing.framing.kind === 'no-body' && framing.framing.endsStream;
      return { kind: 'ok', end: body.end, response, ended: endOfHttp(response, endsStream) };
    }
    interim.push(response);
    pos = body.end;
  }
}

/**
 * Incremental parser for one connection: `push` bytes as they arrive, `end()` when the
 * peer closes. Each call re-reads only from the end of the last complete response.
 */
export class ResponseParser {
  readonly #methods: readonly string[];
  readonly #maxHead: number;
  readonly #store = new ByteStore();
  readonly #responses: ParsedResponse[] = [];
  #consumed = 0;
  #eof = false;
  #ended: string | undefined;
  #error: FramingError | undefined;
  #progress = new Progress();

  constructor(requestMethods: readonly string[], options: Omit<ParseOptions, 'eof'> = {}) {
    this.#methods = requestMethods;
    this.#maxHead = options.maxHeadBytes ?? 64 * 1024;
  }

  get responses(): readonly ParsedResponse[] { return this.#responses; }
  get error(): FramingError | undefined { return this.#error; }
  /** every byte pushed so far */
  get received(): Buffer { return this.#store.view(); }
  /** bytes after the last complete response */
  get rest(): Buffer { return this.#store.view().subarray(this.#consumed); }
  /** offset just after the last complete response */
  get consumed(): number { return this.#consumed; }
  /**
   * Why no response can follow the last one, when it ended the connection (announced
   * close, HTTP/1.0 without keep-alive) or HTTP on it (101): bytes after it are `rest`,
   * and a client must send nothing more on the connection.
   */
  get ended(): string | undefined { return this.#ended; }
  /** no further response will be parsed: all expected ones are in, or an error, or the connection's HTTP ended */
  get done(): boolean {
    return this.#error !== undefined || this.#ended !== undefined || this.#responses.length >= this.#methods.length;
  }

  /** Append bytes; returns the responses completed by them. */
  push(chunk: Uint8Array): ParsedResponse[] {
    if (this.#eof) throw new Error('ResponseParser.push() after end()');
    this.#store.append(chunk);
    return this.#run();
  }

  /** The stream has ended; returns the responses completed by the end (until-close bodies). */
  end(): ParsedResponse[] {
    if (this.#eof) return [];
    this.#eof = true;
    return this.#run();
  }

  #run(): ParsedResponse[] {
    const completed: ParsedResponse[] = [];
    const buf = this.#store.view();
    while (!this.done) {
      const index = this.#responses.length;
      const method = this.#methods[index] ?? 'GET';
      const step = parseOne(buf, this.#consumed, method, { eof: this.#eof, maxHead: this.#maxHead, previous: this.#responses.at(-1), progress: this.#progress });
      if (step.kind === 'incomplete') {
        if (this.#eof) this.#error = this.#incompleteError(buf, index, method);
        break;
      }
      if (step.kind === 'error') {
        this.#error = step.error;
        break;
      }
      this.#responses.push(step.response);
      completed.push(step.response);
      this.#consumed = step.end;
      this.#progress = new Progress();
      this.#ended = step.ended;
    }
    return completed;
  }

  #incompleteError(buf: Buffer, index: number, method: string): FramingError {
    const which = `response ${index + 1} of ${this.#methods.length} (to ${method})`;
    const got = buf.length - this.#consumed;
    const message = got === 0
      ? `the connection closed before ${which} began`
      : `the connection closed in the middle of ${which} after ${got} bytes: ${excerpt(buf, this.#consumed, 60)}`;
    return new FramingError(FramingCode.incomplete, message, buf.length);
  }
}

/** Parse `bytes` as the responses to requests with `requestMethods` (HEAD answers have no body). */
export function parseResponses(bytes: Buffer, requestMethods: readonly string[], options: ParseOptions = {}): ParseResult {
  const parser = new ResponseParser(requestMethods, options);
  parser.push(bytes);
  if (options.eof) parser.end();
  const result: ParseResult = { responses: [...parser.responses], rest: parser.rest };
  if (parser.error) result.error = parser.error;
  if (parser.ended !== undefined) result.ended = parser.ended;
  return result;
}
