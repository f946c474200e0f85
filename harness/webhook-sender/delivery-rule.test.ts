import { describe, expect, it } from 'vitest';
import { delayWindow, FIRST_CAPPED_ATTEMPT, ruleDelayMs } from './delivery-rule.ts';

describe('the sender-side delivery rule', () => {
  it('doubles from 250 ms and stops at 2000 ms, from the fourth attempt on', () => {
    expect([1, 2, 3, 4, 5, 6].map(ruleDelayMs)).toEqual([250, 500, 1000, 2000, 2000, 2000]);
    expect(ruleDelayMs(FIRST_CAPPED_ATTEMPT)).toBe(2000);
    expect(ruleDelayMs(FIRST_CAPPED_ATTEMPT - 1)).toBeLessThan(2000);
  });

  it('opens a window of 15 ms under the delay and the tolerance over it; jitter widens it both ways', () => {
    expect(delayWindow(1, 60)).toEqual({ min: 235, max: 310 });
    expect(delayWindow(2, 60, 0.5)).toEqual({ min: 235, max: 810 });
    // A delay doubled falls outside the window of a tolerance under half the delay.
    expect(delayWindow(1, 124).max).toBeLessThan(2 * ruleDelayMs(1));
  });
});
