import type { TestResult } from 'allure-js-commons';
import { describe, expect, it } from 'vitest';
import { markCheckResult } from './allure-status.ts';

const result = (level: string | undefined, status: string, outcome?: string): TestResult => ({
  uuid: 'u', name: 'n', status, links: [], statusDetails: {}, stage: 'finished', steps: [], attachments: [], parameters: [],
  labels: [...(level ? [{ name: 'level', value: level }] : []), ...(outcome ? [{ name: 'outcome', value: outcome }] : [])],
} as unknown as TestResult);

describe('markCheckResult', () => {
  it('gives an INFO check that ran the status unknown, the label outcome: info and the reason', () => {
    const info = result('INFO', 'passed');
    markCheckResult(info);
    expect(info.status).toBe('unknown');
    expect(info.labels).toContainEqual({ name: 'outcome', value: 'info' });
    expect(info.statusDetails.message).toContain('judges nothing');
  });

  it('shows a MUST or SHOULD check that did not hold as failed, whatever error it threw (allure-vitest says broken for a non-assertion)', () => {
    for (const [level, status] of [['MUST', 'broken'], ['MUST', 'failed'], ['SHOULD', 'broken']] as const) {
      const failed = result(level, status);
      markCheckResult(failed);
      expect(failed.status, `${level} ${status}`).toBe('failed');
    }
  });

  it('shows a check the harness could not judge (outcome: error) as broken, at every level', () => {
    for (const level of ['MUST', 'SHOULD', 'INFO']) {
      const error = result(level, 'failed', 'error');
      markCheckResult(error);
      expect(error.status, level).toBe('broken');
    }
  });

  it('leaves skipped and passed checks, and a result that is no check, as they were', () => {
    for (const [level, status] of [['INFO', 'skipped'], ['MUST', 'passed'], ['SHOULD', 'passed'], [undefined, 'broken']] as const) {
      const other = result(level, status);
      markCheckResult(other);
      expect(other.status, `${level} ${status}`).toBe(status);
    }
  });
});
