import type { TestResult } from 'allure-js-commons';
import { describe, expect, it } from 'vitest';
import { markInfoResult } from './allure-status.ts';

const result = (level: string, status: string): TestResult => ({
  uuid: 'u', name: 'n', status, labels: [{ name: 'level', value: level }], links: [], statusDetails: {}, stage: 'finished', steps: [], attachments: [], parameters: [],
} as unknown as TestResult);

describe('markInfoResult', () => {
  it('gives an INFO check that ran the status unknown, the label outcome: info and the reason', () => {
    const info = result('INFO', 'passed');
    markInfoResult(info);
    expect(info.status).toBe('unknown');
    expect(info.labels).toContainEqual({ name: 'outcome', value: 'info' });
    expect(info.statusDetails.message).toContain('judges nothing');
  });

  it('leaves a skipped INFO check skipped, and MUST and SHOULD checks as they were', () => {
    for (const [level, status] of [['INFO', 'skipped'], ['MUST', 'passed'], ['MUST', 'failed'], ['SHOULD', 'broken'], ['SHOULD', 'passed']] as const) {
      const other = result(level, status);
      markInfoResult(other);
      expect(other.status, `${level} ${status}`).toBe(status);
      expect(other.labels).toHaveLength(1);
    }
  });
});
