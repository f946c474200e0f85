// Property (b) at the socket level: however the server's writes are cut, the exchange
// yields the same responses. fast-check prints the seed of a failure.

import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exchange } from './exchange.ts';
import { startRawServer } from './test-support/raw-server.ts';
import type { RawServer, Reply } from './test-support/raw-server.ts';
import { expected, observed, responseSequence, split } from './test-support/response-arbitraries.ts';

let server: RawServer;
// The reply to each request is set per run: request index → reply.
let replies: Reply[] = [];
let offset = 0;

beforeAll(async () => {
  server = await startRawServer((req) => replies[req.index - offset] ?? 'silence');
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
});
