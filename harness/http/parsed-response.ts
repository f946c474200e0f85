// One response as it arrived: the raw header lines in wire order and case (a suite may
// need to prove a header was sent twice, or spelt oddly), the decoded body, and how the
// body was delimited, because "how was this framed" is itself what the 204 checks assert.

export type Framing = 'content-length' | 'chunked' | 'no-body' | 'until-close';

export type HeaderLines = ReadonlyArray<readonly [string, string]>;

export interface ParsedResponseInit {
  httpVersion: string;
  statusCode: number;
  reason: string;
  headers: HeaderLines;
  trailers: HeaderLines;
  body: Buffer;
  framing: Framing;
  raw: Buffer;
  rawHead: Buffer;
  interim: readonly ParsedResponse[];
  method: string;
  offset: number;
}

function valuesOf(lines: HeaderLines, name: string): string[] {
  const lower = name.toLowerCase();
  return lines.filter(([n]) => n.toLowerCase() === lower).map(([, v]) => v);
}

export class ParsedResponse {
  /** `1.1` or `1.0` */
  readonly httpVersion: string;
  readonly statusCode: number;
  readonly reason: string;
  /** header lines in wire order and case, values without surrounding whitespace */
  readonly headers: HeaderLines;
  /** trailer lines of a chunked body (empty otherwise) */
  readonly trailers: HeaderLines;
  /** the body after removing the chunked framing; empty for no-body responses */
  readonly body: Buffer;
  readonly framing: Framing;
  /** exact bytes of this response, from the status line to the last body byte (not its interim responses) */
  readonly raw: Buffer;
  /** exact bytes of the status line and header section, including the empty line */
  readonly rawHead: Buffer;
  /** 1xx responses that preceded this one, in order */
  readonly interim: readonly ParsedResponse[];
  /** method of the request this answers */
  readonly method: string;
  /** offset of the status line in the bytes the parser was given */
  readonly offset: number;

  constructor(init: ParsedResponseInit) {
    this.httpVersion = init.httpVersion;
    this.statusCode = init.statusCode;
    this.reason = init.reason;
    this.headers = init.headers;
    this.trailers = init.trailers;
    this.body = init.body;
    this.framing = init.framing;
    this.raw = init.raw;
    this.rawHead = init.rawHead;
    this.interim = init.interim;
    this.method = init.method;
    this.offset = init.offset;
  }

  /** Case-insensitive; repeated lines joined with ", " as RFC 9110 §5.3 allows (not for Set-Cookie semantics). */
  header(name: string): string | undefined {
    const values = valuesOf(this.headers, name);
    return values.length === 0 ? undefined : values.join(', ');
  }

  /** Every value of `name`, one per header line, in wire order. */
  headerValues(name: string): string[] {
    return valuesOf(this.headers, name);
  }

  /** The body as UTF-8 text (invalid sequences become U+FFFD; use `body` for the bytes). */
  text(): string {
    return this.body.toString('utf8');
  }

  /**
   * The body as JSON. Throws, naming the status and what is wrong, on an empty body
   * (spec rule: empty content is not a JSON document), invalid UTF-8 or invalid JSON.
   */
  json(): unknown {
    const what = `the body of the ${this.statusCode} response to ${this.method}`;
    if (this.body.length === 0) {
      throw new Error(`cannot decode ${what} as JSON: the body is empty (empty content is not a JSON document)`);
    }
    let text: string;
    try {
      text = new TextDecoder('utf-8', { fatal: true }).decode(this.body);
    } catch {
      throw new Error(`cannot decode ${what} as JSON: it is not valid UTF-8`);
    }
    try {
      return JSON.parse(text) as unknown;
    } catch (error) {
      const start = JSON.stringify(text.slice(0, 80));
      throw new Error(`cannot decode ${what} as JSON: ${(error as Error).message}; body starts ${start}`);
    }
  }
}
