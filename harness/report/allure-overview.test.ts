import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { Level, SystemCheck, SystemName } from '../checks/check-definition.ts';
import type { CheckResult } from './check-result.ts';
import { runRecord } from './run-record.ts';
import { ALLURE_CATEGORIES, ALLURE_RESOLUTIONS, allureReportName, markAllureResults, WARNED_PREFIX } from './allure-overview.ts';

const def = (id: string, level: Level = 'MUST'): SystemCheck => ({ id, level, title: `title of ${id}`, clause: 'Endpoints', system: 'resource-api', area: id.split('-')[1] ?? '' });

function record(results: CheckResult[], exitCode: number, faults: string[] = []) {
  return runRecord({
    config: { systems: ['resource-api'] as SystemName[], target: 'reference', seed: 7 }, results, baseUrl: 'http://127.0.0.1:4000/', startedAt: new Date('2026-11-29T10:00:00.000Z'), exitCode,
    evidence: { harnessVersion: '0.1.0' }, setup: { targets: [{ system: 'resource-api', baseUrl: 'http://127.0.0.1:4000/' }], faults },
  });
}

const RESULTS: CheckResult[] = [
  { check: def('RA-PREF-01'), outcome: 'failed', reason: 'stray bytes', durationMs: 1 },
  { check: def('RA-COND-07', 'SHOULD'), outcome: 'warned', reason: 'got 200', durationMs: 1 },
  { check: def('RA-DEL-01'), outcome: 'failed', reason: 'got 204', durationMs: 1, baseline: { status: 'baselined', reason: 'PAY-1', expires: '2027-01-31' } },
  { check: def('RA-AUTH-01'), outcome: 'passed', durationMs: 1 },
  { check: def('RA-PACT-01'), outcome: 'error', reason: 'the harness could not judge this check', durationMs: 1 },
];

/** An Allure result as allure-vitest writes one for a check (labels from check()). */
const allureResult = (id: string, level: string, status: string, message?: string) => ({
  uuid: id, name: id, status, statusDetails: message ? { message } : {}, labels: [{ name: 'checkId', value: id }, { name: 'level', value: level }],
});

let dir: string | undefined;
afterEach(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
  dir = undefined;
});

describe('Allure\'s overview of a run', () => {
  it('is named by the verdict, the systems and any reference fault', () => {
    expect(allureReportName(record(RESULTS, 1, ['crlf-after-204']))).toBe('wirecheck FAILED (exit 1) — resource-api — fault: crlf-after-204');
    expect(allureReportName(record([RESULTS[3] as CheckResult], 0))).toBe('wirecheck PASSED (exit 0) — resource-api');
    expect(allureReportName(record([RESULTS[4] as CheckResult], 4))).toBe('wirecheck INCONCLUSIVE (exit 4) — resource-api');
  });

  it('writes environment.properties with the verdict, the fault, the target, the outcomes, the harness and the seed', () => {
    dir = mkdtempSync(join(tmpdir(), 'wirecheck-allure-overview-'));
    markAllureResults(dir, record(RESULTS, 1, ['crlf-after-204']));
    expect(readFileSync(join(dir, 'environment.properties'), 'utf8').split('\n')).toEqual([
      'verdict=FAILED (exit 1): 1 gating failure · 1 baselined failure, not gating · 1 SHOULD warning, not gating · 1 check not judged (error: the harness\'s own trouble)',
      'reference.fault=crlf-after-204 (--reference-fault: deliberate bugs for the self-test, not a certification)',
      'target=reference http://127.0.0.1:4000/',
      'outcomes=2 failed · 1 warned · 1 error · 1 passed',
      'harness=wirecheck 0.1.0',
      'seed=7',
      '',
    ]);
  });

  it('gives each check\'s result its outcome; a warned SHOULD check and a baselined failure say they do not gate, and only they are resolved accepted', () => {
    dir = mkdtempSync(join(tmpdir(), 'wirecheck-allure-overview-'));
    const files = {
      must: allureResult('RA-PREF-01', 'MUST', 'failed', 'stray bytes'), should: allureResult('RA-COND-07', 'SHOULD', 'failed', 'got 200'),
      baselined: allureResult('RA-DEL-01', 'MUST', 'failed', 'got 204'), passed: allureResult('RA-AUTH-01', 'MUST', 'passed'), error: allureResult('RA-PACT-01', 'MUST', 'broken', 'could not judge'),
    };
    for (const [name, result] of Object.entries(files)) writeFileSync(join(dir, `${name}-result.json`), JSON.stringify(result));
    writeFileSync(join(dir, 'other-result.json'), JSON.stringify({ uuid: 'x', status: 'broken', labels: [] }));
    const run = record(RESULTS, 1);
    expect(markAllureResults(dir, run).sort()).toEqual(['baselined-result.json', 'error-result.json', 'must-result.json', 'passed-result.json', 'should-result.json']);
    expect(markAllureResults(dir, run), 'marking twice changes nothing').toEqual([]);
    const read = (name: string) => JSON.parse(readFileSync(join(dir ?? '', `${name}-result.json`), 'utf8')) as { status: string; statusDetails: { message?: string }; labels: { name: string; value: string }[] };
    const label = (name: string, label: string) => read(name).labels.filter((l) => l.name === label).map((l) => l.value);
    expect(Object.keys(files).map((name) => [name, read(name).status, label(name, 'outcome')])).toEqual([
      ['must', 'failed', ['failed']], ['should', 'failed', ['warned']], ['baselined', 'failed', ['failed']], ['passed', 'passed', ['passed']], ['error', 'broken', ['error']],
    ]);
    expect(label('baselined', 'baseline')).toEqual(['baselined']);
    expect(read('should').statusDetails.message).toBe(`${WARNED_PREFIX}got 200`);
    expect(read('baselined').statusDetails.message).toBe('baselined, not gating (until 2027-01-31: PAY-1): got 204');
    expect(read('must').statusDetails.message).toBe('stray bytes');
    expect(read('other').labels).toEqual([]);

    // What Allure 3 does with them: the first category whose matchers hold, and the resolution by the message.
    const category = (name: string) => ALLURE_CATEGORIES.rules.find((rule) => {
      const r = read(name);
      const labels = Object.entries(rule.matchers).find(([k]) => k === 'labels')?.[1] as Record<string, string> | undefined;
      return (rule.matchers.statuses as readonly string[]).includes(r.status)
        && Object.entries(labels ?? {}).every(([n, re]) => r.labels.some((l) => l.name === n && new RegExp(re).test(l.value)));
    })?.name;
    expect(Object.keys(files).map(category)).toEqual(['MUST failures', 'SHOULD warnings (not gating)', 'Baselined failures (not gating)', undefined, 'not judged: the harness\'s own trouble']);
    const accepted = (name: string) => ALLURE_RESOLUTIONS.rules.some((rule) => new RegExp(rule.messageRegexp).test(read(name).statusDetails.message ?? ''));
    expect(Object.keys(files).filter(accepted)).toEqual(['should', 'baselined']);
  });
});
