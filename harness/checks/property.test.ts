import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { CheckContext } from './check.ts';
import { harnessErrorIn } from './harness-error.ts';
import { assertProperty, failedAfter, reportedRun } from './property.ts';

describe('a property\'s failure, in words', () => {
  it('says on which generated case it failed and how often it was shrunk, not "Property failed after 1 tests"', () => {
    expect(failedAfter({ numRuns: 1, numShrinks: 0 })).toBe('failed on the 1st generated case');
    expect(failedAfter({ numRuns: 2, numShrinks: 1 })).toBe('failed on the 2nd generated case (shrunk 1 time)');
    expect(failedAfter({ numRuns: 13, numShrinks: 4 })).toBe('failed on the 13th generated case (shrunk 4 times)');
    expect(failedAfter({ numRuns: 23, numShrinks: 0 })).toBe('failed on the 23rd generated case');
  });
});

describe('reportedRun', () => {
  const failing = fc.asyncProperty(fc.integer(), async (n) => {
    await new Promise((resolve) => setTimeout(resolve, 20));
    if (n > -1_000_000_000) throw new Error(`target said no to ${n}`);
  });

  it('tells the shrunk replay when it ran', async () => {
    const found = await fc.check(failing, { seed: 1, numRuns: 5, endOnFailure: true });
    const shrunk = await fc.check(failing, { seed: 1, numRuns: 5, path: found.counterexamplePath ?? undefined, interruptAfterTimeLimit: 15_000 });
    expect(reportedRun(found, shrunk)).toBe(shrunk);
  });

  it('tells the first failure when the replay was held past its time limit before its case ran (bench:under-load: "failed on the 0th generated case")', async () => {
    const found = await fc.check(failing, { seed: 1, numRuns: 5, endOnFailure: true });
    const cut = await fc.check(failing, { seed: 1, numRuns: 5, path: found.counterexamplePath ?? undefined, interruptAfterTimeLimit: 1 });
    expect(cut.failed && cut.numRuns === 0).toBe(true);
    const told = reportedRun(found, cut);
    expect(told).toBe(found);
    expect(failedAfter(told)).toBe('failed on the 1st generated case');
    expect((told.errorInstance as Error).message).toMatch(/^target said no to/);
  });
});

describe('assertProperty', () => {
  const ctx = { seed: 1, check: { id: 'WH-ORD-03' }, run: { reproduce: 'wirecheck run webhook' }, transcript: { note: () => {} } } as unknown as CheckContext;

  it('ends error, never failed, when its time budget runs out before the first case ended (bench:under-load: "failed on the 0th generated case")', async () => {
    const slow = fc.asyncProperty(fc.integer(), async () => { await new Promise((resolve) => setTimeout(resolve, 300)); });
    const error = await assertProperty(ctx, slow, { numRuns: 5, budgetMs: 50 }).catch((e: unknown) => e);
    expect(harnessErrorIn(error)?.reason).toMatch(/^the harness could not judge this check: WH-ORD-03's first generated case did not finish within the property's time budget of 0\.05 s \(the harness's own limit\) — not a finding about the target/);
  });

  it('still fails on a case the target failed', async () => {
    const failing = fc.asyncProperty(fc.integer(), async (n) => { throw new Error(`target said no to ${n}`); });
    const error = await assertProperty(ctx, failing, { numRuns: 5, budgetMs: 5_000 }).catch((e: unknown) => e);
    expect(harnessErrorIn(error)).toBeUndefined();
    expect((error as Error).message).toMatch(/^failed on the 1st generated case \(shrunk \d+ times?\): target said no to/);
  });
});
