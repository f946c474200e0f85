import { describe, expect, it } from 'vitest';
import type { TestCase } from 'vitest/node';
import type { CheckMeta } from '../checks/check-meta.ts';
import { CheckReporter, type ReportedTest } from './check-reporter.ts';

/** The part of vitest's TestCase the reporter reads. */
function testCase(name: string, wirecheck: CheckMeta | undefined, result: { state: string; note?: string }, mode = 'run'): TestCase {
  return {
    name,
    meta: () => (wirecheck ? { wirecheck } : {}),
    result: () => ({ errors: [], ...result }),
    options: { mode },
    diagnostic: () => ({ duration: 12 }),
  } as unknown as TestCase;
}

const declared = (id: string): CheckMeta => ({ check: { id, system: 'resource-api', level: 'MUST' } });

describe('CheckReporter', () => {
  it('knows a check by the id in its meta, whatever its title', () => {
    const progress: ReportedTest[] = [];
    const reporter = new CheckReporter((t) => progress.push(t));
    reporter.onTestCaseResult(testCase('a title that names no id', declared('RA-PREF-01'), { state: 'passed' }));
    expect([...reporter.tests.keys()]).toEqual(['RA-PREF-01']);
    expect(progress).toEqual([{ id: 'RA-PREF-01', state: 'passed', errors: [], durationMs: 12, meta: declared('RA-PREF-01') }]);
  });

  it('records no test without wirecheck meta, even one titled like a check', () => {
    const reporter = new CheckReporter(() => undefined);
    reporter.onTestCaseResult(testCase('RA-PREF-01 looks like a check', undefined, { state: 'failed' }));
    reporter.onTestCaseResult(testCase('RA-PREF-02 has meta but no check', { observed: 'x' }, { state: 'passed' }));
    expect(reporter.tests.size).toBe(0);
  });

  it('keeps a skipped check with its note, and leaves out one filtered from the run', () => {
    const reporter = new CheckReporter(() => undefined);
    reporter.onTestCaseResult(testCase('RA-PREF-01 x', declared('RA-PREF-01'), { state: 'skipped', note: 'needs probe' }));
    reporter.onTestCaseResult(testCase('RA-PREF-02 x', declared('RA-PREF-02'), { state: 'skipped' }, 'skip'));
    expect([...reporter.tests.values()].map((t) => [t.id, t.state, t.note])).toEqual([['RA-PREF-01', 'skipped', 'needs probe']]);
  });
});
