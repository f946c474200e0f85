// Properties of the parser over generated response streams. fast-check prints the seed
// and the shrunk counterexample of a failure; replay with fc.assert(..., { seed, path }).

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FramingCode } from './http-errors.ts';
import type { FramingError } from './http-errors.ts';
import { parseResponses, ResponseParser } from './response-parser.ts';
import { corruptedHead, expected, noBodySpec, observed, responseSequence, split } from './testing/response-arbitraries.ts';
import type { ResponseSpec } from './testing/response-arbitraries.ts';

const streamOf = (specs: readonly ResponseSpec[]) => Buffer.concat(specs.map((s) => s.bytes));
const methodsOf = (specs: readonly ResponseSpec[]) => specs.map((s) => s.method);
const hasUntilClose = (specs: readonly ResponseSpec[]) => specs.at(-1)?.framing === 'until-close';

describe('parseResponses properties', () => {
  it('(a) parses any sequence of valid responses back to the same status, headers, bodies and framing', () => {
    fc.assert(fc.property(responseSequence({ untilClose: true }), (specs) => {
      const result = parseResponses(streamOf(specs), methodsOf(specs), { eof: hasUntilClose(specs) });
      expect(result.error).toBeUndefined();
      expect(result.rest.length).toBe(0);
      expect(result.responses.map(observed)).toEqual(specs.map(expected));
      // Each response's raw bytes are its own bytes, without the interim responses before it.
      const rawTotal = result.responses.reduce((n, r) => n + r.raw.length + r.interim.reduce((m, i) => m + i.raw.length, 0), 0);
      expect(rawTotal).toBe(streamOf(specs).length);
    }), { numRuns: 300 });
  });

  it('(b) gives the same result however the stream is cut into pieces, and never errs on a partial stream', () => {
    fc.assert(fc.property(responseSequence({ untilClose: true }), fc.array(fc.nat(), { maxLength: 12 }), (specs, points) => {
      const stream = streamOf(specs);
      const whole = parseResponses(stream, methodsOf(specs), { eof: hasUntilClose(specs) });
      const parser = new ResponseParser(methodsOf(specs));
      const seen: number[] = [];
      for (const piece of split(stream, points)) {
        seen.push(...parser.push(piece).map((r) => r.statusCode));
        expect(parser.error).toBeUndefined();
      }
      if (hasUntilClose(specs)) seen.push(...parser.end().map((r) => r.statusCode));
      expect(parser.error).toBeUndefined();
      expect(seen).toEqual(specs.map((s) => s.status));
      expect(parser.responses.map(observed)).toEqual(whole.responses.map(observed));
      expect(parser.responses.map((r) => r.raw)).toEqual(whole.responses.map((r) => r.raw));
    }), { numRuns: 300 });
  });

  const strayBytes = fc.oneof(
    fc.constantFrom('{}', '\r\n', '\n', ' ', '0\r\n\r\n', 'null', '<html></html>').map((s) => Buffer.from(s, 'latin1')),
    fc.uint8Array({ minLength: 1, maxLength: 40 }).map((b) => Buffer.from(b)),
  );

  it('(c) reports non-empty stray bytes after a 204, 304 or HEAD answer: as rest, or as an error on the next response', () => {
    const scenario = fc.tuple(responseSequence({ minLength: 0, maxLength: 3 }), noBodySpec, responseSequence({ minLength: 0, maxLength: 3 }), strayBytes);
    fc.assert(fc.property(scenario, ([before, noBody, after, stray]) => {
      const specs = [...before, noBody, ...after];
      const strayAt = streamOf([...before, noBody]).length;
      const stream = Buffer.concat([streamOf([...before, noBody]), stray, streamOf(after)]);
      const result = parseResponses(stream, methodsOf(specs));
      if (after.length === 0) {
        expect(result.error).toBeUndefined();
        expect(result.rest).toEqual(stray);
        return;
      }
      // Never silently absorbed: the parse differs from that of the clean stream.
      const absorbed = result.error === undefined && result.rest.length === 0
        && fc.stringify(result.responses.map(observed)) === fc.stringify(specs.map(expected));
      expect(absorbed).toBe(false);
      // Bytes that cannot start a status line fail the next response, right where they begin.
      if (stray[0] !== 0x48 /* H */) {
        expect(result.error?.code).toBe(FramingCode.statusLine);
        expect(result.error?.offset).toBe(strayAt);
        expect(result.error?.message).toContain('a no-body response');
        expect(result.responses.length).toBe(before.length + 1);
      }
    }), { numRuns: 300 });
  });

  it('(d) diagnoses a malformed head as soon as its first bad byte is in, with the same error however the stream is cut', () => {
    fc.assert(fc.property(corruptedHead, fc.array(fc.nat(), { maxLength: 12 }), ({ stream, methods, badAt, answered }, points) => {
      const whole = parseResponses(stream, methods);
      const diagnosis = (e: FramingError | undefined) => e && { code: e.code, offset: e.offset, message: e.message };
      expect(whole.error).toBeDefined();
      expect(whole.error?.offset).toBeLessThanOrEqual(badAt);
      expect(whole.responses).toHaveLength(answered);
      const parser = new ResponseParser(methods);
      let received = 0;
      for (const piece of split(stream, points)) {
        parser.push(piece);
        received += piece.length;
        // Nothing before the bad byte is wrong, and the bad byte alone decides.
        expect(diagnosis(parser.error)).toEqual(received > badAt ? diagnosis(whole.error) : undefined);
      }
      // The bytes up to the bad one are enough: the rest of the stream changes nothing.
      expect(diagnosis(parseResponses(stream.subarray(0, badAt + 1), methods).error)).toEqual(diagnosis(whole.error));
    }), { numRuns: 500 });
  });
});
