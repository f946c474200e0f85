// The status Allure shows of a check, so that Allure's totals are summary.json's. An INFO
// check that ran is a test vitest saw pass, but it judged nothing: summary.json counts it
// `info`, never `passed`. Allure has no such status; it gets `unknown` (Allure 2 and 3
// both read and count it apart from passed), a label `outcome: info`, and a status
// message saying why. allure-vitest (reporter, main process) calls this listener just
// before it writes each result; the check's level is the `level` label check() set.
import type { Label, TestResult } from 'allure-js-commons';
import type { LifecycleListener } from 'allure-js-commons/sdk/reporter';

/** Allure's status for an INFO check that ran (allure-js-commons's Status enum lacks it). */
export const INFO_STATUS = 'unknown';

const INFO_MESSAGE = 'INFO check: it records what the target does and judges nothing (summary.json: outcome "info", neither passed nor failed)';

function labelOf(result: TestResult, name: string): string | undefined {
  return result.labels.find((l: Label) => l.name === name)?.value;
}

/** Gives an INFO check that ran its own status; every other result stays as allure-vitest made it. */
export function markInfoResult(result: TestResult): void {
  if (labelOf(result, 'level') !== 'INFO' || result.status !== 'passed') return;
  (result as { status?: string }).status = INFO_STATUS;
  result.labels.push({ name: 'outcome', value: 'info' });
  result.statusDetails = { ...result.statusDetails, message: INFO_MESSAGE };
}

export const allureStatusListener: LifecycleListener = { beforeTestResultWrite: markInfoResult };
