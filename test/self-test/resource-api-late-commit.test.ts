// Issue 31, item 1: a resource API that commits a moment after its 204 (the reference
// with commit-after-204: a background task 15 ms after the answer) is caught by the
// durability check, named as such — and only there, and by the checks whose own rule is
// the read after a 204. The checks of other rules that read a change back (a media
// type taken as JSON, ETags, preconditions, framing, the model, the consumer contract)
// used to fail in their own rule's name (RA-INPUT-09 blamed the letter case); they
// control for it now (harness/resource-api/read-back.ts): they pass, judged on the state
// once it showed, and what they observed names RA-DUR-01 and rule 4 as the cause.
import { describe, expect, it } from 'vitest';
import { databaseUrl } from '../testing/postgres.ts';
import { outcomesById, runWirecheck } from '../testing/run-wirecheck.ts';
import { SELF_TEST_SEED } from './define-self-test.ts';

/** Checks of other rules that read back what a 204 changed: under a late commit they must not fail. */
const CONTROLLED = [
  'RA-INPUT-06', 'RA-INPUT-07', 'RA-INPUT-09', 'RA-COND-01', 'RA-COND-02', 'RA-COND-04', 'RA-COND-05', 'RA-COND-06',
  'RA-COND-07', 'RA-COND-08', 'RA-DEL-02', 'RA-FRAME-01', 'RA-FRAME-03', 'RA-MODEL-01', 'RA-PACT-01',
];

/** Checks whose own words are the read right after a 204: they fail, naming the late commit. */
const NAMING = ['RA-PREF-03', 'RA-DEL-01', 'RA-LABEL-02'];

const RULE_4 = 'A 204 is returned only after the change is durably committed.';

describe('resource-api: a commit after the 204 (fault commit-after-204)', () => {
  it('fails RA-DUR-01 naming rule 4; the checks of other rules pass, naming RA-DUR-01 as the cause of what they had to wait for', async () => {
    const store = databaseUrl ? { DATABASE_URL: databaseUrl } : {};
    const run = await runWirecheck(['run', 'resource-api', '--seed', SELF_TEST_SEED, '--strict', '--no-allure',
      '--only', ['RA-DUR-01', ...CONTROLLED, ...NAMING].join(','), '--reference-fault', 'commit-after-204'], { env: store, timeoutMs: 420_000 });
    const outcomes = outcomesById(run.summary);
    const durability = outcomes.get('RA-DUR-01');
    expect(durability?.outcome, durability?.reason).toBe('failed');
    expect(durability?.reason).toContain(`a 204 before the change was committed (204 rules 4: "${RULE_4}")`);
    const notPassed = CONTROLLED.map((id) => outcomes.get(id)).filter((c) => c?.outcome !== 'passed').map((c) => `${c?.id} ${c?.outcome}: ${c?.reason ?? ''}`);
    expect(notPassed, 'checks of other rules must not fail for a late commit').toEqual([]);
    const attributed = CONTROLLED.filter((id) => outcomes.get(id)?.observed?.includes('RA-DUR-01'));
    // Each of them met a read the late commit left stale nearly every time; every one that did says so.
    expect(attributed.length, 'checks that observed a late commit and named RA-DUR-01').toBeGreaterThan(CONTROLLED.length / 2);
    for (const id of attributed) expect(outcomes.get(id)?.observed, id).toContain(RULE_4);
    for (const id of NAMING) {
      const check = outcomes.get(id);
      // Stale at once nearly always: when it fails, its reason names the cause.
      if (check?.outcome === 'failed') expect(check.reason, id).toContain('a 204 before the change was committed');
      else expect(check?.outcome, `${id}: ${check?.reason ?? ''}`).toBe('passed');
    }
  }, 480_000);
});
