// Runs the selected checks once, or --repeat K times against the same target, and
// collects one result list per attempt (merge-attempts.ts judges what varied).
import { join } from 'node:path';
import { findCheck } from '../systems/catalog.ts';
import type { SystemCheck } from '../checks/check-definition.ts';
import type { Output } from '../report/output.ts';
import { runSuites } from './suite-runner.ts';
import type { CheckResult } from '../report/check-result.ts';
import { collectResults } from '../report/collect-results.ts';
import { progressLine } from '../report/terminal.ts';
import type { SuiteRun } from '../checks/suite-run.ts';

export async function runAttempts(options: {
  selected: readonly SystemCheck[];
  suiteRun: SuiteRun;
  repeat: number;
  /** --workers (suite-runner.ts). */
  workers: number;
  strict: boolean;
  io: Output;
}): Promise<CheckResult[][]> {
  const { selected, suiteRun, repeat, workers, strict, io } = options;
  const attempts: CheckResult[][] = [];
  for (let attempt = 1; attempt <= repeat; attempt += 1) {
    if (repeat > 1) io.out(`── attempt ${attempt} of ${repeat}`);
    const { reporter } = await runSuites({
      selected, suiteRun, workers, allureResultsDir: join(suiteRun.reportDir, 'allure-results'),
      onProgress: (test) => {
        const check = findCheck(test.id);
        if (!check) return;
        const [result] = collectResults([check], new Map([[test.id, test]]), [], strict);
        if (result) io.out(progressLine(result, io.color, suiteRun.reportDir));
      },
    });
    for (const note of reporter.notes) io.err(`wirecheck: ${note}`);
    for (const error of reporter.runErrors) io.err(`wirecheck: ${error}`);
    const results = collectResults(selected, reporter.tests, reporter.runErrors, strict);
    for (const missing of results.filter((r) => !reporter.tests.has(r.check.id))) io.out(progressLine(missing, io.color));
    attempts.push(results);
  }
  return attempts;
}
