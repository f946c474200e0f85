import { describe, expect, it } from 'vitest';
import type { SystemCheck } from '../checks/check-definition.ts';
import type { CheckResult } from './check-result.ts';
import { junitXml } from './junit.ts';

const check = (id: string): SystemCheck => ({ id, level: 'MUST', title: id, clause: 'Processing order 1', system: 'webhook', area: 'SIG' });

describe('junitXml: --repeat and --baseline marks', () => {
  const xml = junitXml([
    { check: check('WH-SIG-03'), outcome: 'failed', reason: 'flaky: varied', durationMs: 1, flaky: true, attempts: ['passed', 'failed'] },
    { check: check('WH-SIG-02'), outcome: 'failed', reason: 'got 401', durationMs: 1, baseline: { status: 'baselined', reason: 'PAY-1', expires: '2027-01-31' } },
    { check: check('WH-SIG-04'), outcome: 'failed', reason: 'got 202', durationMs: 1, baseline: { status: 'expired', reason: 'PAY-2', expires: '2026-01-31' } },
    { check: check('WH-SIG-01'), outcome: 'passed', durationMs: 1, baseline: { status: 'fixed', reason: 'PAY-3', expires: '2027-01-31' } },
  ] satisfies CheckResult[], '2026-11-21T10:00:00.000Z');

  it('keeps failures failures, and says which are flaky, baselined or expired', () => {
    expect(xml.match(/<failure /g)).toHaveLength(3);
    expect(xml).toContain('<property name="flaky" value="true"/><property name="attempts" value="passed,failed"/>');
    expect(xml).toContain('<failure message="[flaky: passed, failed] flaky: varied"');
    expect(xml).toContain('<failure message="[baselined until 2027-01-31, does not gate: PAY-1] got 401"');
    expect(xml).toContain('<failure message="[baseline entry expired 2026-01-31, gates again] got 202"');
    expect(xml).toContain('<system-out>fixed — remove from baseline (entry: PAY-3)</system-out>');
  });
});
