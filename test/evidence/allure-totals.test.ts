// Allure's totals are summary.json's: a real run of some MUST and some INFO checks, and
// the statuses allure-vitest wrote to allure-results/ counted against summary.json's
// totals — an INFO check is `unknown` with the label outcome: info, never `passed`.
import { describe, expect, it } from 'vitest';
import { runWirecheck } from '../testing/run-wirecheck.ts';
import { allureResults, allureTotals, labelOf, summaryAsAllure } from '../testing/allure-results.ts';

describe('allure-results of a run', () => {
  it('count what summary.json counts: INFO checks unknown, not passed', async () => {
    const run = await runWirecheck(['run', 'resource-api', '--only', 'RA-PREF-*,RA-LABEL-*,RA-META-01,RA-ERR-02', '--seed', '7', '--no-allure']);
    expect(run.exitCode, run.stdout + run.stderr).toBe(0);
    const totals = run.summary?.totals ?? {};
    expect(totals['info'], 'the run has INFO checks').toBe(3);
    expect(totals['passed'], 'and MUST checks that passed').toBeGreaterThan(0);
    expect(allureTotals(run.reportDir)).toEqual(summaryAsAllure(totals));
    const info = allureResults(run.reportDir).filter((r) => labelOf(r, 'level') === 'INFO');
    expect(info.map((r) => [labelOf(r, 'checkId'), r.status, labelOf(r, 'outcome')]).sort()).toEqual([
      ['RA-ERR-02', 'unknown', 'info'], ['RA-LABEL-03', 'unknown', 'info'], ['RA-META-01', 'unknown', 'info'],
    ]);
    expect(info[0]?.statusDetails?.message).toContain('judges nothing');
  }, 180_000);
});
