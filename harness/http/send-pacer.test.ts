// The rate limit's pacer on a fake clock: one request every 1/N of the window, bursts
// together and paid for on both sides, no window ever holding more than N — and a burst
// larger than N refused, naming the limit.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BurstOverLimitError, burstErrorIn, SendPacer, type RateLimit } from './send-pacer.ts';

const TEN_A_SECOND: RateLimit = { count: 10, windowMs: 1000, text: '10/s' };

function pacerAt(limit: RateLimit): { pacer: SendPacer; clock: { now: number } } {
  const clock = { now: 1_000 };
  return { pacer: new SendPacer(limit, () => clock.now), clock };
}

describe('SendPacer', () => {
  it('lets the first request go at once and spaces the next ones one interval apart', () => {
    const { pacer } = pacerAt(TEN_A_SECOND);
    expect([pacer.reserve(1), pacer.reserve(1), pacer.reserve(1)]).toEqual([0, 100, 200]);
  });

  it('waits no more than the interval since the last slot once time has passed', () => {
    const { pacer, clock } = pacerAt(TEN_A_SECOND);
    pacer.reserve(1);
    clock.now += 30;
    expect(pacer.reserve(1)).toBe(70);
    clock.now += 5_000;
    expect(pacer.reserve(1)).toBe(0);
  });

  it('sends a burst together, after K-1 intervals of quiet, and holds the next request K intervals', () => {
    const { pacer } = pacerAt(TEN_A_SECOND);
    expect(pacer.reserve(1)).toBe(0);
    // next single would be at +100; a burst of 4 waits 3 intervals more: +400
    expect(pacer.reserve(4)).toBe(400);
    expect(pacer.reserve(1)).toBe(800);
  });

  it('refuses a burst larger than the limit, naming it and what would run it', () => {
    const { pacer } = pacerAt(TEN_A_SECOND);
    expect(() => pacer.reserve(11)).toThrow(BurstOverLimitError);
    expect(() => pacer.reserve(11)).toThrow('not applicable under --rate-limit 10/s: this check sends 11 requests together (a race or a pipeline), more than the limit allows in one second; give --rate-limit 11/s or more to run it');
    expect(pacer.reserve(10)).toBe(0);
    const wrapped = new Error('property failed', { cause: new BurstOverLimitError(3, { count: 2, windowMs: 60_000, text: '2/min' }) });
    expect(burstErrorIn(wrapped)?.message).toMatch(/under --rate-limit 2\/min: .* in one minute; give --rate-limit 3\/min or more/);
    expect(burstErrorIn(new Error('other'))).toBeUndefined();
  });

  it('never lets a window hold more than N requests, whatever the arrivals and bursts', () => {
    const arrival = fc.record({ gapMs: fc.nat({ max: 400 }), burst: fc.integer({ min: 1, max: 10 }) });
    fc.assert(fc.property(fc.array(arrival, { minLength: 1, maxLength: 60 }), (arrivals) => {
      const { pacer, clock } = pacerAt(TEN_A_SECOND);
      const sent: number[] = [];
      for (const { gapMs, burst } of arrivals) {
        clock.now += gapMs;
        const at = clock.now + pacer.reserve(burst);
        for (let i = 0; i < burst; i += 1) sent.push(at);
      }
      // Every window [t, t + 1000) starting at a send time: at most 10 sends in it.
      const fullest = Math.max(...sent.map((start) => sent.filter((t) => t >= start && t < start + 1000).length));
      expect(fullest).toBeLessThanOrEqual(10);
    }), { seed: 19, numRuns: 200 });
  });
});
