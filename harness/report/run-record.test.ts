import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { SystemCheck, SystemName } from '../checks/check-definition.ts';
import type { CheckResult } from './check-result.ts';
import { writeHtmlReport } from './html/html-report.ts';
import { reportView } from './html/report-view.ts';
import { runRecord } from './run-record.ts';

const check = (id: string): SystemCheck => ({ id, level: 'MUST', title: `title of ${id}`, clause: 'Endpoints', system: 'resource-api', area: id.split('-')[1] ?? '' });
const config = { systems: ['resource-api'] as SystemName[], target: 'reference' as const, seed: 42 };

function record(results: CheckResult[]) {
  return runRecord({ config, results, baseUrl: 'http://127.0.0.1:1/', startedAt: new Date('2026-11-21T10:00:00.000Z'), exitCode: 1, evidence: { harnessVersion: '0.1.0' } });
}

describe('runRecord', () => {
  it('holds the summary and, by the summary\'s path, the text of each transcript file', () => {
    const run = record([
      { check: check('RA-PREF-01'), outcome: 'failed', reason: 'got 200', durationMs: 5, transcript: '>>> GET /\n<<< 200', reproduce: 'wirecheck run resource-api --only RA-PREF-01' },
      { check: check('RA-PREF-02'), outcome: 'passed', durationMs: 3 },
    ]);
    expect(run.summary).toMatchObject({ schema: 'wirecheck.summary/v1', systems: ['resource-api'], seed: 42, exitCode: 1, harnessVersion: '0.1.0', totals: { failed: 1, passed: 1 } });
    expect(run.summary.checks.map((c) => c.transcript)).toEqual(['transcripts/RA-PREF-01.txt', undefined]);
    expect([...run.transcriptFiles]).toEqual([[
      'transcripts/RA-PREF-01.txt',
      'RA-PREF-01 title of RA-PREF-01 — failed\nreproduce: wirecheck run resource-api --only RA-PREF-01\n\n>>> GET /\n<<< 200\n',
    ]]);
  });

  it('is all report.html needs: it is written into an empty dir, transcript shown without the file\'s header', () => {
    const run = record([{ check: check('RA-PREF-01'), outcome: 'failed', reason: 'got 200', durationMs: 5, transcript: '>>> GET /\n<<< 200', reproduce: 'wirecheck run resource-api --only RA-PREF-01' }]);
    expect(reportView(run).checks[0]?.transcriptText).toBe('>>> GET /\n<<< 200\n');
    const dir = mkdtempSync(join(tmpdir(), 'wirecheck-record-'));
    try {
      const file = writeHtmlReport(dir, run);
      expect(readdirSync(dir)).toEqual(['report.html']);
      expect(readFileSync(file, 'utf8')).toContain('&gt;&gt;&gt; GET /\n&lt;&lt;&lt; 200');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('carries each failure\'s cause and the run\'s setup (targets, faults) to report.html, and keeps summary.json\'s fields as CONTRACTS fixes them', () => {
    const cause = { kind: 'framing' as const, description: 'stray bytes after a 204 response', bytes: '\\r\\n' };
    const results: CheckResult[] = [
      { check: check('RA-PREF-01'), outcome: 'failed', reason: 'stray', cause, durationMs: 5 },
      { check: check('RA-CORS-01'), outcome: 'failed', reason: 'stray', cause, durationMs: 5 },
    ];
    const setup = { targets: [{ system: 'resource-api', baseUrl: 'http://127.0.0.1:1/' }], faults: ['crlf-after-204'] };
    const run = runRecord({ config, results, baseUrl: 'http://127.0.0.1:1/', startedAt: new Date('2026-11-21T10:00:00.000Z'), exitCode: 1, setup });
    const view = reportView(run);
    expect(view.checks.map((c) => c.cause)).toEqual([cause, cause]);
    expect(view.setup).toEqual(setup);
    expect(JSON.stringify(run.summary)).not.toContain('cause');
    expect(Object.keys(run.summary.checks[0] ?? {})).toEqual(['id', 'system', 'level', 'outcome', 'title', 'clause', 'reason', 'durationMs']);
  });
});
