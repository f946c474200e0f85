// How many bytes the response at `start` says it spans, once its head is in: the 1xx
// heads before it, its own head, and its Content-Length body. The budget refuses a 2 GiB
// Content-Length from the head alone, without waiting for bytes that may never come.
// Only the length is read here: a head the parser will refuse is left to the parser,
// which reports it with its own diagnosis.
import { bodyFraming } from './body-framing.ts';
import { parseHead } from './head-parser.ts';

export interface DeclaredSpan {
  /** from `start` to the end of the declared body */
  readonly bytes: number;
  readonly contentLength: number;
}

/**
 * What the response at `start` declares; 'undeclared' when its body is not framed by
 * Content-Length (chunked, until close, no body) or its head is malformed; undefined
 * while its head is incomplete.
 */
export function declaredSpan(buf: Buffer, start: number, method: string, maxHeadBytes: number): DeclaredSpan | 'undeclared' | undefined {
  let pos = start;
  for (;;) {
    const head = parseHead(buf, pos, maxHeadBytes);
    if (head.kind === 'incomplete') return undefined;
    if (head.kind === 'error') return 'undeclared';
    const framing = bodyFraming(head.statusCode, method, head.headers, pos);
    if (framing.kind !== 'ok') return 'undeclared';
    // A 1xx other than 101 is an interim response: no body, the final one follows.
    if (head.statusCode >= 200 || head.statusCode === 101) {
      if (framing.framing.kind !== 'content-length') return 'undeclared';
      const contentLength = framing.framing.length;
      return { bytes: head.end - start + contentLength, contentLength };
    }
    pos = head.end;
  }
}
