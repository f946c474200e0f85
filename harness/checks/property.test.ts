import { describe, expect, it } from 'vitest';
import { failedAfter } from './property.ts';

describe('a property\'s failure, in words', () => {
  it('says on which generated case it failed and how often it was shrunk, not "Property failed after 1 tests"', () => {
    expect(failedAfter({ numRuns: 1, numShrinks: 0 })).toBe('failed on the 1st generated case');
    expect(failedAfter({ numRuns: 2, numShrinks: 1 })).toBe('failed on the 2nd generated case (shrunk 1 time)');
    expect(failedAfter({ numRuns: 13, numShrinks: 4 })).toBe('failed on the 13th generated case (shrunk 4 times)');
    expect(failedAfter({ numRuns: 23, numShrinks: 0 })).toBe('failed on the 23rd generated case');
  });
});
