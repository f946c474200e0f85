// Property (b) at the socket level: however the server's writes are cut, the exchange
// yields the same responses. fast-check prints the seed of a failure.

import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exchange } from './exchange.ts';
import { startRawServer } from './testing/raw-server.ts';
import type { RawServer, Reply } from './testing/raw-server.ts';
import { parseResponses } from './response-parser.ts';
import { corruptedHead, expected, observed, responseSequence, split } from './testing/response-arbitraries.ts';

let server: RawServer;
// The reply to each request is set per run: request index → reply.
let replies: Reply[] = [];
let offset = 0;
// Replies by request target, each given once: a request a finished run wrote just before
// its connection was dropped may reach the server after the next run has begun.
const onceByTarget = new Map<string, Reply>();

function replyTo(line: string, index: number): Reply {
  const target = line.split(' ')[1] ?? '';
  if (!target.startsWith('/once/')) return replies[index - offset] ?? 'silence';
  const reply = onceByTarget.get(target) ?? 'silence';
  onceByTarget.delete(target);
  return reply;
}

beforeAll(async () => {
  server = await startRawServer((req) => replyTo(req.line, req.index));
});
afterAll(() => server.close());

describe('exchange properties', () => {
  it('(b) parses the same responses however the server cuts its writes, in both modes', async () => {
    const scenario = fc.tuple(responseSequence({ maxLength: 3, untilClose: true }), fc.array(fc.array(fc.nat(), { maxLength: 6 }), { minLength: 3, maxLength: 3 }),
      fc.constantFrom('sequential' as const, 'pipelined' as const));
    await fc.assert(fc.asyncProperty(scenario, async ([specs, cuts, mode]) => {
      const untilClose = specs.at(-1)?.framing === 'until-close';
      offset = server.requests.length;
      replies = specs.map((spec, i) => ({
        pieces: split(spec.bytes, cuts[i] ?? []),
        close: untilClose && i === specs.length - 1,
      }));
      const result = await exchange(server.url, specs.map((s) => ({ method: s.method, target: '/' })), { mode, idleMs: 5 });
      expect(result.error).toBeUndefined();
      expect(result.stray.length).toBe(0);
      expect(result.responses.map(observed)).toEqual(specs.map(expected));
      expect(result.raw).toEqual(Buffer.concat(specs.map((s) => s.bytes)));
    }), { numRuns: 40 });
  });

  let runs = 0;
  it('(d) reports a malformed head with the diagnosis of the whole stream, however it is cut, though the server then stalls', async () => {
    const scenario = fc.tuple(corruptedHead, fc.array(fc.nat(), { maxLength: 6 }), fc.constantFrom('sequential' as const, 'pipelined' as const));
    await fc.assert(fc.asyncProperty(scenario, async ([{ stream, methods, badAt }, cuts, mode]) => {
      const whole = parseResponses(stream, methods).error;
      // Everything up to the bad byte, cut anywhere, to the first request; then silence, never a close.
      const target = `/once/${runs++}`;
      onceByTarget.set(target, { pieces: split(stream.subarray(0, badAt + 1), cuts) });
      const result = await exchange(server.url, methods.map((method) => ({ method, target })), { mode, idleMs: 5, timeoutMs: 2_000 });
      expect(result.error && [result.error.code, result.error.offset, result.error.message]).toEqual([whole?.code, whole?.offset, whole?.message]);
    }), { numRuns: 40 });
  });
});
