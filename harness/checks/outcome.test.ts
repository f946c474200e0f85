import { describe, expect, it } from 'vitest';
import { gatesRun, inconclusiveGate, judge, OUTCOMES } from './outcome.ts';

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
    ['MUST', 'missing', false, 'error'],
    ['SHOULD', 'missing', false, 'error'],
    ['INFO', 'missing', false, 'error'],
    ['MUST', 'inconclusive', false, 'error'],
    ['SHOULD', 'inconclusive', true, 'error'],
    ['INFO', 'inconclusive', false, 'error'],
  ] as const)('%s %s (strict %s) → %s', (level, execution, strict, outcome) => {
    expect(judge(level, execution, strict)).toBe(outcome);
  });

  it('only failed gates a run', () => {
    expect(OUTCOMES.filter((o) => gatesRun(o))).toEqual(['failed']);
  });

  it('an error makes the run inconclusive only where the check gates: MUST, or SHOULD with --strict', () => {
    expect(inconclusiveGate('MUST', 'error', false)).toBe(true);
    expect(inconclusiveGate('SHOULD', 'error', false)).toBe(false);
    expect(inconclusiveGate('SHOULD', 'error', true)).toBe(true);
    expect(inconclusiveGate('INFO', 'error', true)).toBe(false);
    expect(OUTCOMES.filter((o) => o !== 'error' && inconclusiveGate('MUST', o, true))).toEqual([]);
  });
});
