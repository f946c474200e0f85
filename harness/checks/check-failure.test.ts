// How check() hands a failure on, through vitest's Node API as a run does: the reason
// in plain words, and the cause several checks may share recorded in the test's meta
// (redacted) — a framing fault an error names, a prerequisite the preflight found
// broken — while the verdict stays vitest's: failed. A failure seen while the machine held
// the harness past what its limits stretch for is the harness's (outcome `error`).
import { describe, expect, it } from 'vitest';
import { createVitest, type TestCase } from 'vitest/node';
import { PROJECT_ROOT } from '../project-paths.ts';
import type { CheckNeed, SystemCheck } from './check-definition.ts';
import type { CheckMeta } from './check-meta.ts';
import { SUITE_RUN_KEY, type SuiteRun } from './suite-run.ts';

const declared = (id: string, needs: CheckNeed[] = []): SystemCheck => ({ id, level: 'MUST', title: `title of ${id}`, clause: 'Endpoints', system: 'resource-api', area: id.split('-')[1] ?? '', needs });
const RUN: SuiteRun = {
  seed: 1, strict: false, reportDir: '/nonexistent', reproduce: 'wirecheck run resource-api', secrets: ['tok_echoed_back_1'],
  targets: { 'resource-api': { system: 'resource-api', kind: 'external', baseUrl: 'http://127.0.0.1:9/', capabilities: ['probe'] } },
  findings: { 'resource-api': { probe: 'the preflight could not delete its label to prove the probe with' } },
  checks: [declared('RA-PREF-01'), declared('RA-PREF-02'), declared('RA-DEL-04', ['probe']), declared('RA-PREF-03')],
};

interface Seen { readonly id: string; readonly state: string; readonly message: string; readonly meta: CheckMeta | undefined }

async function run(): Promise<Seen[]> {
  const seen: Seen[] = [];
  const vitest = await createVitest('test', {
    config: false, root: PROJECT_ROOT, include: ['harness/checks/testing/failing-checks.suite.ts'], watch: false, pool: 'forks', maxWorkers: 1,
    reporters: [{
      onTestCaseResult: (test: TestCase) => {
        const result = test.result();
        seen.push({ id: test.name.split(' ')[0] ?? '', state: result.state, message: result.errors?.[0]?.message ?? '', meta: test.meta().wirecheck });
      },
    }],
    provide: { [SUITE_RUN_KEY]: RUN },
  });
  try {
    await vitest.start();
  } finally {
    await vitest.close();
  }
  return seen;
}

describe('a failing check', () => {
  it('reads in plain words, records a shared cause redacted, and fails as it did', async () => {
    const seen = new Map((await run()).map((s) => [s.id, s]));
    expect([...seen.values()].map((s) => s.state)).toEqual(['failed', 'failed', 'failed', 'failed']);
    expect(seen.get('RA-PREF-01')?.meta?.error).toBeUndefined();
    expect(seen.get('RA-PREF-03')?.meta?.error).toMatch(/^the harness could not judge this check: the machine held the harness 1\.\d s at once while RA-PREF-03 ran, longer than its own limits stretch for \(×10\), .*; what it saw: PATCH preferences: expected 401 to be 204 .* — not a finding about the target/);
    expect(seen.get('RA-PREF-01')?.message).toBe('PATCH preferences: expected 204, got 401');
    expect(seen.get('RA-PREF-01')?.meta?.cause).toBeUndefined();
    expect(seen.get('RA-PREF-02')?.meta?.cause).toEqual({ kind: 'framing', description: 'stray bytes after a 204 response', bytes: '[REDACTED]' });
    expect(seen.get('RA-DEL-04')?.message).toBe('the probe could not be relied on: the preflight could not delete its label to prove the probe with');
    expect(seen.get('RA-DEL-04')?.meta?.cause).toEqual({ kind: 'prerequisite', description: 'the probe could not be relied on: the preflight could not delete its label to prove the probe with' });
  }, 60_000);
});
