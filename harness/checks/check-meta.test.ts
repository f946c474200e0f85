// check() declares which check a test is in the test's meta when the test is collected,
// not when it runs: a check that is skipped, or filtered out by the run's name pattern,
// still tells the reporter its id.
import { describe, expect, it } from 'vitest';
import { createVitest, type TestCase } from 'vitest/node';
import { PROJECT_ROOT } from '../project-paths.ts';
import type { SystemCheck } from './check-definition.ts';
import { SUITE_RUN_KEY, type SuiteRun } from './suite-run.ts';

const declared = (id: string): SystemCheck => ({ id, level: 'MUST', title: `title of ${id}`, clause: 'Wire framing', system: 'resource-api', area: 'FRAME' });
const NO_TARGET: SuiteRun = {
  seed: 1, strict: false, reportDir: '/nonexistent', reproduce: 'wirecheck run', targets: {}, secrets: [],
  checks: [declared('RA-FRAME-01'), declared('RA-FRAME-02')],
};

async function collect(): Promise<{ title: string; mode: string; state: string; meta: unknown }[]> {
  const seen: { title: string; mode: string; state: string; meta: unknown }[] = [];
  const vitest = await createVitest('test', {
    config: false,
    root: PROJECT_ROOT,
    include: ['harness/checks/testing/declared-checks.suite.ts'],
    testNamePattern: /^RA-FRAME-01 /,
    watch: false,
    pool: 'forks',
    maxWorkers: 1,
    reporters: [{ onTestCaseResult: (test: TestCase) => void seen.push({ title: test.name, mode: test.options.mode, state: test.result().state, meta: test.meta() }) }],
    provide: { [SUITE_RUN_KEY]: NO_TARGET },
  });
  try {
    await vitest.start();
  } finally {
    await vitest.close();
  }
  return seen;
}

describe('check meta', () => {
  it('carries the check id of a skipped test and of a filtered-out one, from collection on', async () => {
    const seen = await collect();
    expect(seen.map(({ title, mode, state, meta }) => ({ id: title.split(' ')[0], mode, state, meta }))).toEqual([
      { id: 'RA-FRAME-01', mode: 'run', state: 'skipped', meta: { wirecheck: { check: { id: 'RA-FRAME-01', system: 'resource-api', level: 'MUST' } } } },
      { id: 'RA-FRAME-02', mode: 'skip', state: 'skipped', meta: { wirecheck: { check: { id: 'RA-FRAME-02', system: 'resource-api', level: 'MUST' } } } },
    ]);
  }, 60_000);
});
