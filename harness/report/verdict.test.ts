import { describe, expect, it } from 'vitest';
import type { Level, SystemCheck } from '../checks/check-definition.ts';
import type { Outcome } from '../checks/outcome.ts';
import type { CheckResult } from './check-result.ts';
import { exitCodeOf, skipKind, skippedMustText, verdictLine } from './verdict.ts';

let n = 0;
function result(level: Level, outcome: Outcome, reason?: string): CheckResult {
  n += 1;
  const check: SystemCheck = { id: `WH-ACK-${String(n).padStart(2, '0')}`, level, title: 'a check', clause: 'c', system: 'webhook', area: 'ACK' };
  return { check, outcome, durationMs: 1, ...(reason !== undefined ? { reason } : {}) };
}

const VERSION = 'needs --version-field: where the receiver reads an event\'s version (the spec does not say; the reference reads data.version)';
/** An external run without --probe: 17 MUST checks need the probe, 2 the version field. */
const external = (): CheckResult[] => [
  result('MUST', 'passed'), result('INFO', 'info'), result('SHOULD', 'skipped', 'needs probe'), result('INFO', 'skipped', 'needs probe'),
  ...Array.from({ length: 17 }, () => result('MUST', 'skipped', 'needs probe')),
  result('MUST', 'skipped', VERSION), result('MUST', 'skipped', VERSION),
];

describe('the verdict', () => {
  it('says on a passing line how many MUST checks were skipped, and why', () => {
    const results = external();
    expect(exitCodeOf(results)).toBe(0);
    expect(verdictLine(0, results, { strict: false })).toBe('\nPASSED (exit 0) — 19 MUST checks skipped (needs probe: 17, needs --version-field: 2); --fail-on-skipped-must would fail the run');
  });

  it('fails the run (exit 1) for a skipped MUST check with --fail-on-skipped-must, naming them', () => {
    const results = external();
    expect(exitCodeOf(results, { failOnSkippedMust: true })).toBe(1);
    expect(verdictLine(1, results, { strict: false, failOnSkippedMust: true })).toBe('\nFAILED (exit 1): 19 MUST checks skipped (needs probe: 17, needs --version-field: 2), gating with --fail-on-skipped-must');
    const failed = [result('MUST', 'failed', 'expected 401'), result('MUST', 'skipped', 'needs probe')];
    expect(verdictLine(1, failed, { strict: false, failOnSkippedMust: true })).toMatch(/^\nFAILED \(exit 1\): WH-ACK-\d\d · 1 MUST check skipped \(needs probe: 1\), gating with --fail-on-skipped-must$/);
    expect(verdictLine(1, failed, { strict: false })).toMatch(/^\nFAILED \(exit 1\): WH-ACK-\d\d — 1 MUST check skipped \(needs probe: 1\)$/);
  });

  it('does not gate on skipped SHOULD or INFO checks, with the option or without', () => {
    const results = [result('MUST', 'passed'), result('SHOULD', 'skipped', 'needs probe'), result('INFO', 'skipped', 'needs probe')];
    expect(exitCodeOf(results, { failOnSkippedMust: true })).toBe(0);
    expect(verdictLine(0, results, { strict: false })).toBe('\nPASSED (exit 0)');
    expect(exitCodeOf([result('INFO', 'skipped', 'needs probe')], { failOnSkippedMust: true })).toBe(3);
  });

  it('fails a run that skipped every check, a MUST among them, with the option; without it the run is vacuous', () => {
    const results = [result('MUST', 'skipped', 'needs probe')];
    expect(exitCodeOf(results)).toBe(3);
    expect(verdictLine(3, results, { strict: false })).toBe('\nNOTHING EXECUTED (exit 3): every selected check was skipped — 1 MUST check skipped (needs probe: 1)');
    expect(exitCodeOf(results, { failOnSkippedMust: true })).toBe(1);
  });

  it('names a skip by the words before its colon or parenthesis', () => {
    expect(skipKind('needs probe')).toBe('needs probe');
    expect(skipKind(VERSION)).toBe('needs --version-field');
    expect(skipKind('not applicable: needs a token of --other-user-id')).toBe('not applicable');
    expect(skipKind('needs multi-instance: several instances (…)')).toBe('needs multi-instance');
    expect(skipKind(undefined)).toBe('no reason given');
    expect(skipKind('x'.repeat(80))).toHaveLength(48);
    expect(skippedMustText([{ level: 'MUST', outcome: 'passed' }])).toBeUndefined();
  });

  it('is inconclusive (exit 4) when a gating check ended in error and none failed; a failure still decides (exit 1)', () => {
    const error = result('MUST', 'error', 'the harness could not judge this check: RA-PACT-01 did not finish within 30 s — run again on a less loaded machine');
    const results = [result('MUST', 'passed'), error];
    expect(exitCodeOf(results)).toBe(4);
    expect(verdictLine(4, results, { strict: false })).toBe(`\nINCONCLUSIVE (exit 4): no check failed, but the harness could not judge ${error.check.id} — ${error.reason ?? ''}`);
    const failed = [...results, result('MUST', 'failed', 'got 500')];
    expect(exitCodeOf(failed)).toBe(1);
    expect(verdictLine(1, failed, { strict: false })).toMatch(new RegExp(`· 1 check not judged \\(error\\): ${error.check.id}$`));
    // Only where the check gates: a SHOULD error without --strict, an INFO error, never.
    const should = [result('MUST', 'passed'), result('SHOULD', 'error', 'x'), result('INFO', 'error', 'y')];
    expect(exitCodeOf(should)).toBe(0);
    expect(exitCodeOf(should, { strict: true })).toBe(4);
    expect(verdictLine(0, should, { strict: false })).toMatch(/^\nPASSED \(exit 0\) · 2 checks not judged \(error\): /);
    // Before a vacuous run: everything either skipped or not judged is inconclusive.
    expect(exitCodeOf([result('MUST', 'skipped', 'needs probe'), result('MUST', 'error', 'z')])).toBe(4);
  });

  it('names the deliberate bugs a reference ran with (--reference-fault), whatever the verdict', () => {
    const results = [result('MUST', 'failed', 'got 500')];
    expect(verdictLine(1, results, { strict: false, faults: ['no-dedupe'] })).toMatch(/^\nFAILED \(exit 1\): WH-ACK-\d\d · reference fault: no-dedupe \(--reference-fault\)$/);
    expect(verdictLine(1, results, { strict: false, faults: [] })).not.toContain('reference fault');
  });
});
