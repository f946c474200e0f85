import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { backoffDelayMs, jitteredDelayMs, verdictOf } from './retry-schedule.ts';
import { senderFaultSet } from './sender-faults.ts';

describe('backoffDelayMs', () => {
  it('is min(250 x 2^(n-1), 2000) ms before attempt n+1', () => {
    expect([1, 2, 3, 4, 5, 6, 10, 100].map((n) => backoffDelayMs(n))).toEqual([250, 500, 1000, 2000, 2000, 2000, 2000, 2000]);
  });

  it('stays at the ceiling for any attempt number, even where 2^(n-1) overflows', () => {
    expect(backoffDelayMs(5000)).toBe(2000);
  });

  it('refuses attempt numbers that are not positive integers', () => {
    for (const n of [0, -1, 1.5, Number.NaN]) expect(() => backoffDelayMs(n)).toThrow(RangeError);
  });

  it('without the ceiling (the sender-no-delay-cap fault) keeps doubling', () => {
    expect(backoffDelayMs(5, { uncapped: true })).toBe(4000);
  });
});

describe('jitteredDelayMs', () => {
  it('draws from [d/2, d]: never longer than the rule, never under half of it', () => {
    fc.assert(fc.property(fc.integer({ min: 1, max: 6 }), fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }), (n, r) => {
      const d = backoffDelayMs(n);
      const j = jitteredDelayMs(d, () => r);
      return j >= d / 2 && j <= d;
    }));
  });

  it('gives d/2 for random 0 and d for random close to 1', () => {
    expect(jitteredDelayMs(1000, () => 0)).toBe(500);
    expect(jitteredDelayMs(1000, () => 0.9999999)).toBe(1000);
  });
});

describe('verdictOf', () => {
  it('follows the spec table: 2xx success, 400-499 permanent, anything else retried', () => {
    const verdicts = Object.fromEntries([200, 202, 299, 301, 304, 400, 422, 499, 500, 503, 599, 600].map((s) => [s, verdictOf({ status: s })]));
    expect(verdicts).toEqual({
      200: 'success', 202: 'success', 299: 'success', 301: 'retry', 304: 'retry', 400: 'permanent', 422: 'permanent', 499: 'permanent',
      500: 'retry', 503: 'retry', 599: 'retry', 600: 'retry',
    });
    expect(verdictOf({ error: 'ECONNRESET' })).toBe('retry');
    expect(verdictOf({ error: 'TIMEOUT' })).toBe('retry');
  });

  it('changes as each fault says', () => {
    expect(verdictOf({ status: 404 }, senderFaultSet(['sender-retry-on-4xx']))).toBe('retry');
    expect(verdictOf({ status: 202 }, senderFaultSet(['sender-only-200-is-success']))).toBe('retry');
    expect(verdictOf({ status: 302 }, senderFaultSet(['sender-3xx-as-success']))).toBe('success');
    expect(verdictOf({ status: 503 }, senderFaultSet(['sender-stop-on-5xx']))).toBe('permanent');
    expect(verdictOf({ error: 'ECONNRESET' }, senderFaultSet(['sender-no-retry-on-network-error']))).toBe('permanent');
  });

  it('refuses an unknown fault name', () => {
    expect(() => senderFaultSet(['sender-nope'])).toThrow(/unknown sender fault/);
  });
});
