import { describe, expect, it } from 'vitest';
import type { SystemCheck } from '../checks/check-definition.ts';
import type { CheckResult } from './check-result.ts';
import { junitXml } from './junit.ts';

const check = (id: string, level: SystemCheck['level'] = 'MUST'): SystemCheck => ({ id, level, title: `title of ${id} <&>`, clause: 'Processing order 1', system: 'webhook', area: 'SIG' });

describe('junitXml', () => {
  const results: CheckResult[] = [
    { check: check('WH-SIG-01'), outcome: 'passed', durationMs: 12 },
    { check: check('WH-SIG-02'), outcome: 'failed', reason: 'expected 202, got 401', detail: 'expected 202, got 401\u0001', durationMs: 3, transcript: '>>> POST', reproduce: 'npx wirecheck run webhook --only WH-SIG-02' },
    { check: check('WH-SIG-03', 'SHOULD'), outcome: 'warned', reason: 'w', durationMs: 1 },
    { check: check('WH-SIG-04'), outcome: 'skipped', reason: 'needs probe', durationMs: 0 },
    { check: check('WH-SIG-05', 'INFO'), outcome: 'info', observed: 'answered 413', durationMs: 2 },
    { check: check('WH-SIG-06'), outcome: 'error', reason: 'the harness could not judge this check: a module could not be loaded — reinstall', durationMs: 4, transcript: '>>> POST' },
  ];
  const xml = junitXml(results, '2026-11-21T10:00:00.000Z');

  it('counts failures and skips per suite, and only failed checks fail', () => {
    expect(xml).toContain('<testsuite name="wirecheck webhook" tests="6" failures="1" errors="1" skipped="1"');
    expect(xml.match(/<failure /g)).toHaveLength(1);
  });

  it('writes a check the harness could not judge as <error>, never <failure>', () => {
    expect(xml).toContain('<error message="the harness could not judge this check: a module could not be loaded — reinstall" type="harness">');
    expect(xml.match(/<error /g)).toHaveLength(1);
  });

  it('carries the reason, the reproduction and the transcript of a failure, escaped', () => {
    expect(xml).toContain('<failure message="expected 202, got 401" type="MUST">');
    expect(xml).toContain('npx wirecheck run webhook --only WH-SIG-02');
    expect(xml).toContain('\\x01');
    expect(xml).toContain('title of WH-SIG-01 &lt;&amp;&gt;');
  });

  it('shows every control a target sent, none of which XML 1.0 can carry, and keeps the line breaks', () => {
    const injected = '\x1b[2J\x1b]0;pwned\x07\r\x00\u009b\u202eevil\ufffe';
    const xml = junitXml([
      { check: check('WH-SIG-02'), outcome: 'failed', reason: `got ${injected}`, detail: `got ${injected}\nline two`, durationMs: 1, transcript: `<<< ${injected}` },
      { check: check('WH-SIG-05', 'INFO'), outcome: 'info', observed: injected, durationMs: 1 },
    ], '2026-11-21T10:00:00.000Z');
    expect(xml).not.toMatch(/[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u2028-\u202e\u2066-\u2069\ufffe\uffff]/u);
    expect(xml).toContain('<failure message="got \\x1b[2J\\x1b]0;pwned\\x07\\r\\x00\\u009B\\u202Eevil\\uFFFE"');
    expect(xml).toContain('\\uFFFE\nline two');
    expect(xml).toContain('INFO observed: \\x1b[2J');
  });

  it('shows warnings and observations without failing', () => {
    expect(xml).toContain('WARNED (SHOULD): w');
    expect(xml).toContain('INFO observed: answered 413');
    expect(xml).toContain('<skipped message="needs probe"/>');
  });
});
