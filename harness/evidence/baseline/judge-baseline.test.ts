import { describe, expect, it } from 'vitest';
import { findCheck } from '../../systems/catalog.ts';
import type { Outcome } from '../../checks/outcome.ts';
import type { CheckResult } from '../../report/check-result.ts';
import { summaryCheck } from '../../report/summary.ts';
import { exitCodeOf } from '../../report/verdict.ts';
import { entriesFromFailures, formatBaseline } from './format-baseline.ts';
import { judgeBaseline } from './judge-baseline.ts';
import { parseBaseline } from './parse-baseline.ts';

const result = (id: string, outcome: Outcome): CheckResult => {
  const check = findCheck(id);
  if (!check) throw new Error(id);
  return { check, outcome, durationMs: 1, ...(outcome === 'failed' ? { reason: 'expected 202, got 401' } : {}) };
};
const baseline = (entries: { id: string; expires: string }[]) => ({ file: '/tmp/known.yaml', entries: entries.map((e) => ({ ...e, reason: `ticket for ${e.id}` })) });
const TODAY = '2026-11-21';

describe('judgeBaseline', () => {
  it('a known failure with an unexpired entry stays failed but does not gate', () => {
    const { results, summary } = judgeBaseline([result('WH-SIG-01', 'passed'), result('WH-SIG-02', 'failed')], baseline([{ id: 'WH-SIG-02', expires: TODAY }]), TODAY);
    expect(results[1]).toMatchObject({ outcome: 'failed', baseline: { status: 'baselined', reason: 'ticket for WH-SIG-02', expires: TODAY } });
    expect(exitCodeOf(results)).toBe(0);
    expect(summaryCheck(results[1] as CheckResult)).toMatchObject({ outcome: 'failed', baselined: true, baselineReason: 'ticket for WH-SIG-02', baselineExpires: TODAY });
    expect(summary).toEqual({ file: '/tmp/known.yaml', baselined: ['WH-SIG-02'], expired: [], fixed: [], notJudged: [] });
  });

  it('a new failure gates', () => {
    const { results } = judgeBaseline([result('WH-SIG-02', 'failed'), result('WH-SIG-03', 'failed')], baseline([{ id: 'WH-SIG-02', expires: '2027-01-01' }]), TODAY);
    expect(results[1]?.baseline).toBeUndefined();
    expect(exitCodeOf(results)).toBe(1);
  });

  it('an expired entry gates again and says it expired', () => {
    const { results, summary } = judgeBaseline([result('WH-SIG-02', 'failed')], baseline([{ id: 'WH-SIG-02', expires: '2026-11-20' }]), TODAY);
    expect(results[0]).toMatchObject({ outcome: 'failed', baseline: { status: 'expired', expires: '2026-11-20' } });
    expect(exitCodeOf(results)).toBe(1);
    expect(summaryCheck(results[0] as CheckResult)).toMatchObject({ baselineExpired: true, baselineExpires: '2026-11-20' });
    expect(summary.expired).toEqual(['WH-SIG-02']);
  });

  it('a listed check that passes now is fixed; one not judged in this run is listed as such', () => {
    const { results, summary } = judgeBaseline([result('WH-SIG-01', 'passed'), result('WH-SIG-17', 'skipped')],
      baseline([{ id: 'WH-SIG-01', expires: '2027-01-01' }, { id: 'WH-SIG-17', expires: '2027-01-01' }, { id: 'WH-ORD-01', expires: '2027-01-01' }]), TODAY);
    expect(results[0]).toMatchObject({ outcome: 'passed', baseline: { status: 'fixed' } });
    expect(summaryCheck(results[0] as CheckResult)).toMatchObject({ outcome: 'passed', baselineFixed: true });
    expect(summary).toMatchObject({ fixed: ['WH-SIG-01'], notJudged: ['WH-SIG-17', 'WH-ORD-01'] });
  });

  it('a run whose only failures are baselined but that executed nothing else is still vacuous only when nothing ran', () => {
    const { results } = judgeBaseline([result('WH-SIG-02', 'failed')], baseline([{ id: 'WH-SIG-02', expires: '2027-01-01' }]), TODAY);
    expect(exitCodeOf(results)).toBe(0);
    expect(exitCodeOf([result('WH-SIG-17', 'skipped')])).toBe(3);
  });
});

describe('baseline write format', () => {
  it('round-trips through the parser as YAML and as JSON, one sorted entry per failed check', () => {
    const entries = entriesFromFailures([{ id: 'WH-SIG-03' }, { id: 'WH-SIG-02' }, { id: 'WH-SIG-03' }], 'PAY-1: accepted until the fix', '2027-01-31');
    expect(entries.map((e) => e.id)).toEqual(['WH-SIG-02', 'WH-SIG-03']);
    for (const file of ['known.yaml', 'known.json']) {
      const text = formatBaseline(entries, file, 'reports/x/summary.json');
      expect(parseBaseline(text, file, findCheck)).toEqual({ entries, problems: [] });
    }
    expect(formatBaseline(entries, 'known.yaml', 'reports/x/summary.json')).toMatch(/^# wirecheck baseline/);
  });
});
