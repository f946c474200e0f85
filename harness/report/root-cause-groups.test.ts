// Grouping a run's results by the cause they share, and how the terminal says it:
// the cause once, the checks it explains under it; no outcome changes.
import { describe, expect, it } from 'vitest';
import type { SystemCheck } from '../checks/check-definition.ts';
import type { RootCause } from '../checks/root-cause.ts';
import type { CheckResult } from './check-result.ts';
import { causeGroups } from './root-cause-groups.ts';
import { causeLines } from './terminal.ts';

const STRAY: RootCause = { kind: 'framing', description: 'stray bytes after a 204 response, which has no body and ends at its empty line (RFC 9112 §6.3)', bytes: '\\r\\n' };
const PROBE: RootCause = { kind: 'prerequisite', description: 'the probe could not be relied on: the preflight could not delete its label' };

function result(id: string, outcome: CheckResult['outcome'], cause?: RootCause, level: SystemCheck['level'] = 'MUST'): CheckResult {
  const check: SystemCheck = { id, level, title: `title of ${id}`, clause: 'Endpoints', system: 'resource-api', area: id.split('-')[1] ?? '' };
  return { check, outcome, durationMs: 1, reason: `reason of ${id}`, ...(cause ? { cause } : {}) };
}

const RESULTS: CheckResult[] = [
  result('RA-FRAME-01', 'failed', STRAY),
  result('RA-DEL-04', 'failed', PROBE),
  result('RA-CORS-02', 'warned', { ...STRAY, bytes: '\\r' }, 'SHOULD'),
  result('RA-LABEL-01', 'failed'),
  result('RA-PREF-01', 'failed', STRAY),
  result('RA-CONC-02', 'failed', PROBE),
  result('RA-FRAME-03', 'failed', { kind: 'framing', description: 'responses not framed by HTTP/1.1\'s rules: a malformed chunk (WIRECHECK_ERR_HTTP_CHUNK)' }),
  result('RA-AUTH-01', 'passed', STRAY),
];

describe('causeGroups', () => {
  it('groups the failed and warned checks naming one cause (kind and description), the largest group first, the checks in run order', () => {
    const groups = causeGroups(RESULTS);
    expect(groups.map((g) => [g.cause.kind, g.cause.description, g.results.map((r) => r.check.id)])).toEqual([
      ['framing', STRAY.description, ['RA-FRAME-01', 'RA-CORS-02', 'RA-PREF-01']],
      ['prerequisite', PROBE.description, ['RA-DEL-04', 'RA-CONC-02']],
    ]);
  });

  it('keeps every distinct form of the bytes the checks saw', () => {
    expect(causeGroups(RESULTS)[0]?.bytes).toEqual(['\\r\\n', '\\r']);
    expect(causeGroups(RESULTS)[1]?.bytes).toEqual([]);
  });

  it('makes no group of a cause only one check names, nor of a passed check\'s', () => {
    const ids = causeGroups(RESULTS).flatMap((g) => g.results.map((r) => r.check.id));
    expect(ids).not.toContain('RA-FRAME-03');
    expect(ids).not.toContain('RA-AUTH-01');
    expect(causeGroups([result('RA-FRAME-01', 'failed', STRAY), result('RA-PREF-01', 'passed', STRAY)])).toEqual([]);
  });

  it('changes no result: the same objects, outcomes and reasons', () => {
    const before = JSON.stringify(RESULTS);
    const grouped = causeGroups(RESULTS).flatMap((g) => g.results);
    expect(grouped.every((r) => RESULTS.includes(r))).toBe(true);
    expect(JSON.stringify(RESULTS)).toBe(before);
  });
});

describe('causeLines', () => {
  it('says each shared cause once, with its bytes, and the checks it explains under it', () => {
    expect(causeLines(RESULTS, false)).toEqual([
      'root causes: 2 faults explain several failures (each check\'s own outcome stands)',
      `▶ framing: ${STRAY.description} — bytes "\\r\\n", "\\r" — 3 checks:`,
      '    ✗ RA-FRAME-01 MUST   title of RA-FRAME-01',
      '    ! RA-CORS-02  SHOULD title of RA-CORS-02',
      '    ✗ RA-PREF-01  MUST   title of RA-PREF-01',
      `▶ prerequisite: ${PROBE.description} — 2 checks:`,
      '    ✗ RA-DEL-04   MUST   title of RA-DEL-04',
      '    ✗ RA-CONC-02  MUST   title of RA-CONC-02',
    ]);
  });

  it('prints nothing when no two failures share a cause', () => {
    expect(causeLines([result('RA-FRAME-01', 'failed', STRAY), result('RA-LABEL-01', 'failed')], false)).toEqual([]);
  });
});
