import { describe, expect, it } from 'vitest';
import { gatesRun, judge } from './outcome.ts';

describe('judge (CONTRACTS §2 outcome semantics)', () => {
  it.each([
    ['MUST', 'held', false, 'passed'],
    ['MUST', 'broken', false, 'failed'],
    ['SHOULD', 'broken', false, 'warned'],
    ['SHOULD', 'broken', true, 'failed'],
    ['SHOULD', 'held', true, 'passed'],
    ['INFO', 'held', true, 'info'],
    ['INFO', 'broken', true, 'info'],
    ['MUST', 'skipped', true, 'skipped'],
    ['MUST', 'missing', false, 'failed'],
    ['SHOULD', 'missing', false, 'warned'],
    ['INFO', 'missing', false, 'skipped'],
  ] as const)('%s %s (strict %s) → %s', (level, execution, strict, outcome) => {
    expect(judge(level, execution, strict)).toBe(outcome);
  });

  it('only failed gates a run', () => {
    expect(['passed', 'failed', 'warned', 'skipped', 'info'].filter((o) => gatesRun(o as never))).toEqual(['failed']);
  });
});
