import { describe, expect, it } from 'vitest';
import type { SystemCheck } from '../checks/check-definition.ts';
import type { ReportedTest } from './check-reporter.ts';
import { collectResults } from './collect-results.ts';

const RAW_CONTROL = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u2028-\u202e\u2066-\u2069]/u;
const check = (id: string, level: SystemCheck['level'] = 'MUST'): SystemCheck => ({ id, level, title: id, clause: 'Endpoints', system: 'resource-api', area: 'PREF' });

describe('collectResults', () => {
  it('makes reasons, details and observations without a raw control, whatever vitest reported', () => {
    const injected = '\x1b]0;pwned\x07\rover\u009b\u202e';
    const reported = new Map<string, ReportedTest>([
      ['RA-PREF-02', { id: 'RA-PREF-02', state: 'failed', errors: [`\u001b[31mgot ${injected}\u001b[39m\nline two ${injected}`], durationMs: 1 }],
      ['RA-PREF-03', { id: 'RA-PREF-03', state: 'skipped', note: `skipped: ${injected}`, errors: [], durationMs: 1 }],
      ['RA-LABEL-03', { id: 'RA-LABEL-03', state: 'passed', errors: [], durationMs: 1, meta: { observed: injected, transcript: `### ${injected}\n<<< ok` } }],
    ]);
    const results = collectResults([check('RA-PREF-02'), check('RA-PREF-03'), check('RA-LABEL-03', 'INFO'), check('RA-PREF-04')], reported, [`suite failed: ${injected}`], false);
    for (const r of results) expect([r.reason, r.detail, r.observed, r.transcript].join('|'), r.check.id).not.toMatch(RAW_CONTROL);
    expect(results[0]?.reason).toBe('got \\x1b]0;pwned\\x07\\rover\\u009B\\u202E');
    expect(results[0]?.detail).toBe('got \\x1b]0;pwned\\x07\\rover\\u009B\\u202E\nline two \\x1b]0;pwned\\x07\\rover\\u009B\\u202E');
    expect(results[2]?.transcript).toBe('### \\x1b]0;pwned\\x07\\rover\\u009B\\u202E\n<<< ok');
    expect(results[3]?.reason).toMatch(/^the harness could not judge this check: it did not run \(suite failed: \\x1b]0;pwned\\x07\\rover\\u009B\\u202E\) — not a finding about the target/);
  });

  it('makes a check the harness could not judge `error`, never failed: its own trouble (check() marked it), vitest\'s timeout, a suite that did not load', () => {
    const trouble = 'the harness could not judge this check: Pact\'s verifier could not be loaded — reinstall wirecheck';
    const reported = new Map<string, ReportedTest>([
      ['RA-PACT-01', { id: 'RA-PACT-01', state: 'failed', errors: [trouble], durationMs: 1, meta: { error: trouble } }],
      ['RA-PREF-01', { id: 'RA-PREF-01', state: 'failed', errors: ['Test timed out in 35000ms.\nIf this is a long-running test, pass a timeout value'], durationMs: 35_000 }],
      ['RA-LABEL-03', { id: 'RA-LABEL-03', state: 'failed', errors: [trouble], durationMs: 1, meta: { error: trouble } }],
      ['RA-PREF-02', { id: 'RA-PREF-02', state: 'failed', errors: ['expected 204, got 500'], durationMs: 1 }],
    ]);
    const checks = [check('RA-PACT-01'), check('RA-PREF-01', 'SHOULD'), check('RA-LABEL-03', 'INFO'), check('RA-PREF-02'), check('RA-PREF-03')];
    const results = collectResults(checks, reported, ['suite suites/x.test.ts failed to load: Cannot find package \'@pact-foundation/pact\''], false);
    expect(results.map((r) => r.outcome)).toEqual(['error', 'error', 'error', 'failed', 'error']);
    expect(results[0]?.reason).toBe(trouble);
    expect(results[1]?.reason).toMatch(/^the harness could not judge this check: Test timed out in 35000ms \(the test runner's own limit\) — not a finding about the target/);
    expect(results[4]?.reason).toContain('it did not run (suite suites/x.test.ts failed to load');
  });

  it('keeps the cause check() recorded for a failed or warned check, its controls escaped, and for no other', () => {
    const cause = { kind: 'framing' as const, description: 'stray bytes after a 204 response\u001b[2J', bytes: '\\r\\n' };
    const reported = new Map<string, ReportedTest>([
      ['RA-PREF-01', { id: 'RA-PREF-01', state: 'failed', errors: ['PATCH: 2 stray byte(s)'], durationMs: 1, meta: { cause } }],
      ['RA-CORS-02', { id: 'RA-CORS-02', state: 'failed', errors: ['PATCH: 2 stray byte(s)'], durationMs: 1, meta: { cause } }],
      ['RA-PREF-02', { id: 'RA-PREF-02', state: 'passed', errors: [], durationMs: 1, meta: { cause } }],
    ]);
    const results = collectResults([check('RA-PREF-01'), check('RA-CORS-02', 'SHOULD'), check('RA-PREF-02')], reported, [], false);
    expect(results.map((r) => [r.outcome, r.cause])).toEqual([
      ['failed', { kind: 'framing', description: 'stray bytes after a 204 response\\x1b[2J', bytes: '\\r\\n' }],
      ['warned', { kind: 'framing', description: 'stray bytes after a 204 response\\x1b[2J', bytes: '\\r\\n' }],
      ['passed', undefined],
    ]);
  });

  it('puts a reason vitest made in chai\'s words in plain words, the rest of the error as it was', () => {
    const reported = new Map<string, ReportedTest>([
      ['RA-PREF-01', { id: 'RA-PREF-01', state: 'failed', errors: ['the PATCH: expected 401 to be 202 // Object.is equality\n- Expected\n+ Received'], durationMs: 1 }],
    ]);
    const [result] = collectResults([check('RA-PREF-01')], reported, [], false);
    expect(result?.reason).toBe('the PATCH: expected 202, got 401');
    expect(result?.detail).toBe('the PATCH: expected 401 to be 202 // Object.is equality\n- Expected\n+ Received');
  });
});
