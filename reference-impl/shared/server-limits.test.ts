// The limits every reference reads from its environment, and the options they become:
// a request deadline Node enforces (Fastify's default 0 switches it off), a header
// deadline never past it, and a deadline check frequent enough to drop a slow client
// within the deadline rather than up to 30 s after it (Node's default interval).
import { describe, expect, it } from 'vitest';
import { DEFAULT_SERVER_LIMITS, deadlineCheckIntervalMs, readServerLimits, serverLimitOptions } from './server-limits.ts';

describe('readServerLimits', () => {
  it('gives the defaults for an environment without the variables', () => {
    const problems: string[] = [];
    expect(readServerLimits({}, problems)).toEqual({ headersTimeoutMs: 10_000, requestTimeoutMs: 30_000, keepAliveTimeoutMs: 10_000, maxConnections: 768 });
    expect(problems).toEqual([]);
  });

  it('reads each variable under the reference prefix', () => {
    const env = { VENDOR_HEADERS_TIMEOUT_MS: '200', VENDOR_REQUEST_TIMEOUT_MS: '900', VENDOR_KEEP_ALIVE_TIMEOUT_MS: '300', VENDOR_MAX_CONNECTIONS: '5', REQUEST_TIMEOUT_MS: '1' };
    expect(readServerLimits(env, [], 'VENDOR_')).toEqual({ headersTimeoutMs: 200, requestTimeoutMs: 900, keepAliveTimeoutMs: 300, maxConnections: 5 });
  });

  it('refuses 0 (a deadline switched off) and anything not an integer, naming every variable', () => {
    const problems: string[] = [];
    const limits = readServerLimits({ REQUEST_TIMEOUT_MS: '0', MAX_CONNECTIONS: 'many' }, problems);
    expect(problems).toEqual([
      'REQUEST_TIMEOUT_MS must be an integer of at least 1, got "0"',
      'MAX_CONNECTIONS must be an integer of at least 1, got "many"',
    ]);
    expect(limits).toEqual(DEFAULT_SERVER_LIMITS);
  });
});

describe('serverLimitOptions', () => {
  it('sets the request deadline on Fastify and on Node, the header deadline and a check interval of a tenth', () => {
    expect(serverLimitOptions(DEFAULT_SERVER_LIMITS)).toEqual({
      requestTimeout: 30_000,
      keepAliveTimeout: 10_000,
      http: { requestTimeout: 30_000, headersTimeout: 10_000, connectionsCheckingInterval: 1000 },
    });
  });

  it('keeps the header deadline within the request deadline (Node refuses one past it)', () => {
    const options = serverLimitOptions({ ...DEFAULT_SERVER_LIMITS, headersTimeoutMs: 5000, requestTimeoutMs: 2000 });
    expect(options.http.headersTimeout).toBe(2000);
  });

  it('checks deadlines every tenth of the shorter one, between 10 ms and 1 s', () => {
    expect(deadlineCheckIntervalMs({ ...DEFAULT_SERVER_LIMITS, headersTimeoutMs: 500, requestTimeoutMs: 1000 })).toBe(50);
    expect(deadlineCheckIntervalMs({ ...DEFAULT_SERVER_LIMITS, headersTimeoutMs: 50, requestTimeoutMs: 60 })).toBe(10);
    expect(deadlineCheckIntervalMs({ ...DEFAULT_SERVER_LIMITS, headersTimeoutMs: 60_000, requestTimeoutMs: 120_000 })).toBe(1000);
  });
});
