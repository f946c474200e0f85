import { describe, expect, it } from 'vitest';
import { busySlack, explainedByBusyMachine, type Outside } from './delay-evidence.ts';

const long = (byMs: number): Outside => ({ text: `${byMs} ms long`, long: true, byMs });
const short = (byMs: number, endReckoned?: true): Outside => ({ text: `${byMs} ms short`, long: false, byMs, ...(endReckoned ? { endReckoned } : {}) });
const slack = (slackMs: number) => ({ slowestStartMs: slackMs * 4, slackMs });

describe('busySlack', () => {
  it('stretches the base tolerance by how much slower than a quiet machine\'s the slowest process start measured was', () => {
    // The CI run of 2026-11-29: measured once at the end the machine looked quiet; during the measurements it was not.
    expect(busySlack([150, 600, 310])).toEqual({ slowestStartMs: 600, slackMs: 150 });
    expect(busySlack([1876])).toEqual({ slowestStartMs: 1876, slackMs: 469 });
  });

  it('excuses nothing on a quiet machine', () => {
    expect(busySlack([130, 150, 190])).toBeUndefined();
    expect(busySlack([])).toBeUndefined();
  });
});

describe('explainedByBusyMachine', () => {
  it('excuses delays too long by no more than the slack (a correct sender 94 ms late under load)', () => {
    expect(explainedByBusyMachine([long(32), long(94)], slack(100))).toBe(true);
  });

  it('does not excuse a delay too long by more: a doubled 1000 ms delay stays a finding where a process start takes 2 s', () => {
    expect(explainedByBusyMachine([long(190), long(440), long(938)], busySlack([2000]))).toBe(false);
  });

  it('does not excuse a delay too short from an end that was seen: no machine makes one', () => {
    expect(explainedByBusyMachine([short(5)], slack(2000))).toBe(false);
    expect(explainedByBusyMachine([long(10), short(5)], slack(2000))).toBe(false);
  });

  it('excuses a delay too short from an end reckoned from the stated timeout (the sender\'s timer started before its request arrived)', () => {
    expect(explainedByBusyMachine([short(33, true)], slack(65))).toBe(true);
    expect(explainedByBusyMachine([short(300, true)], slack(65))).toBe(false);
  });

  it('excuses nothing on a quiet machine, or without a delay outside its window', () => {
    expect(explainedByBusyMachine([long(1)], undefined)).toBe(false);
    expect(explainedByBusyMachine([], slack(500))).toBe(false);
  });
});
