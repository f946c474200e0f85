import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { SchedulingNoise } from './scheduling-noise.ts';

/** Holds this process as a busy machine does: nothing else runs meanwhile. */
function holdFor(ms: number): void {
  const until = performance.now() + ms;
  while (performance.now() < until) { /* held */ }
}

describe('SchedulingNoise.lateBetween', () => {
  it('tells of a hold that ended just before a moment recorded after it, although no tick was due near that moment', async () => {
    const noise = new SchedulingNoise({ sampleStarts: false });
    noise.start();
    await sleep(60);
    const before = performance.now();
    holdFor(400);
    // An arrival this process records once it runs again: up to 400 ms after the request came.
    const recorded = performance.now();
    await sleep(60);
    await noise.stop();
    expect(noise.lateBetween(recorded, recorded)).toBeGreaterThanOrEqual(350);
    expect(noise.lateBetween(before, recorded)).toBeGreaterThanOrEqual(350);
    expect(noise.maxLateMs).toBeGreaterThanOrEqual(350);
  });

  it('tells of no hold that came after the span', async () => {
    const noise = new SchedulingNoise({ sampleStarts: false });
    noise.start();
    const from = performance.now();
    await sleep(100);
    const to = performance.now();
    // Past the span by a few ticks: a tick due in it that waited through the hold would count it (the safe side).
    await sleep(40);
    holdFor(1_000);
    const recorded = performance.now();
    await sleep(60);
    await noise.stop();
    expect(noise.lateBetween(recorded, recorded)).toBeGreaterThanOrEqual(950);
    // Whatever else held the process before the hold (a loaded machine), not the hold itself.
    expect(noise.lateBetween(from, to)).toBeLessThan(noise.lateBetween(recorded, recorded));
  });
});
