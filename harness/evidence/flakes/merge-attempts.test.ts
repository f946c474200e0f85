import { describe, expect, it } from 'vitest';
import type { Level, SystemCheck } from '../../checks/check-definition.ts';
import type { Outcome } from '../../checks/outcome.ts';
import type { CheckResult } from '../../report/check-result.ts';
import { flakyOutcome, mergeAttempts } from './merge-attempts.ts';

const check = (id: string, level: Level = 'MUST'): SystemCheck => ({ id, level, title: id, clause: 'Processing order 1', system: 'webhook', area: 'SIG' });
const result = (id: string, outcome: Outcome, level: Level = 'MUST', extra: Partial<CheckResult> = {}): CheckResult => ({ check: check(id, level), outcome, durationMs: 1, ...extra });

describe('mergeAttempts (--repeat)', () => {
  it('reports a check with the same outcome every time as its first attempt, without flaky marks', () => {
    const [a, b] = [result('WH-SIG-01', 'passed', 'MUST', { durationMs: 5 }), result('WH-SIG-01', 'passed')];
    expect(mergeAttempts([[a], [b]], false)).toEqual([a]);
    const failed = result('WH-SIG-02', 'failed', 'MUST', { reason: 'got 401' });
    expect(mergeAttempts([[failed], [failed], [failed]], false)[0]).toEqual(failed);
  });

  it('a MUST check that passed once and failed once is flaky and failed, never passed, with each attempt', () => {
    const merged = mergeAttempts([
      [result('WH-SIG-03', 'passed')],
      [result('WH-SIG-03', 'failed', 'MUST', { reason: 'expected 401, got 202', transcript: '>>> POST', reproduce: 'npx wirecheck run webhook --only WH-SIG-03' })],
      [result('WH-SIG-03', 'passed')],
    ], false)[0];
    expect(merged).toMatchObject({ outcome: 'failed', flaky: true, attempts: ['passed', 'failed', 'passed'], transcript: '>>> POST' });
    expect(merged?.reason).toBe('flaky: the outcome varied over 3 attempts (passed, failed, passed) — expected 401, got 202');
  });

  it('a flaky SHOULD check is warned, or failed with --strict; a flaky INFO check stays info', () => {
    const should = [[result('WH-VAL-10', 'passed', 'SHOULD')], [result('WH-VAL-10', 'warned', 'SHOULD', { reason: 'w' })]];
    expect(mergeAttempts(should, false)[0]).toMatchObject({ outcome: 'warned', flaky: true });
    const strict = [[result('WH-VAL-10', 'failed', 'SHOULD')], [result('WH-VAL-10', 'passed', 'SHOULD')]];
    expect(mergeAttempts(strict, true)[0]).toMatchObject({ outcome: 'failed', flaky: true, attempts: ['failed', 'passed'] });
    const info = [[result('WH-ACK-07', 'info', 'INFO', { observed: '413' })], [result('WH-ACK-07', 'skipped', 'INFO', { reason: 'did not run' })]];
    expect(mergeAttempts(info, false)[0]).toMatchObject({ outcome: 'info', flaky: true });
  });

  it('an attempt the harness could not judge (error) says nothing of the target: the judged attempts decide', () => {
    const error = result('RA-PACT-01', 'error', 'MUST', { reason: 'the harness could not judge this check: …' });
    expect(mergeAttempts([[error], [result('RA-PACT-01', 'passed')]], false)[0]).toMatchObject({ outcome: 'passed', attempts: ['error', 'passed'] });
    expect(mergeAttempts([[error], [result('RA-PACT-01', 'passed')]], false)[0]?.flaky).toBeUndefined();
    expect(mergeAttempts([[result('RA-PACT-01', 'failed', 'MUST', { reason: 'got 500' })], [error]], false)[0]).toMatchObject({ outcome: 'failed', reason: 'got 500' });
    expect(mergeAttempts([[error], [error]], false)[0]).toEqual(error);
    const flaky = mergeAttempts([[result('RA-PACT-01', 'passed')], [error], [result('RA-PACT-01', 'failed', 'MUST', { reason: 'got 500' })]], false)[0];
    expect(flaky).toMatchObject({ outcome: 'failed', flaky: true, attempts: ['passed', 'error', 'failed'] });
  });

  it('a check skipped in one attempt and passed in another is flaky too', () => {
    const merged = mergeAttempts([[result('WH-SIG-17', 'skipped', 'MUST', { reason: 'needs probe' })], [result('WH-SIG-17', 'passed')]], false)[0];
    expect(merged).toMatchObject({ outcome: 'failed', flaky: true, attempts: ['skipped', 'passed'] });
  });

  it('keeps the order of the checks and judges each on its own', () => {
    const merged = mergeAttempts([
      [result('WH-SIG-01', 'passed'), result('WH-SIG-03', 'passed')],
      [result('WH-SIG-01', 'passed'), result('WH-SIG-03', 'failed')],
    ], false);
    expect(merged.map((r) => [r.check.id, r.outcome, r.flaky ?? false])).toEqual([['WH-SIG-01', 'passed', false], ['WH-SIG-03', 'failed', true]]);
  });

  it('flakyOutcome follows the levels of CONTRACTS §2', () => {
    expect([flakyOutcome('MUST', false), flakyOutcome('SHOULD', false), flakyOutcome('SHOULD', true), flakyOutcome('INFO', true)]).toEqual(['failed', 'warned', 'failed', 'info']);
  });
});
