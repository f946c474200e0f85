// The status Allure shows of a check, so that Allure's totals are summary.json's.
// allure-vitest (reporter, main process) calls this listener just before it writes each
// result; the check's level and any `outcome` are the labels check() set.
// - An INFO check that ran is a test vitest saw pass, but it judged nothing: summary.json
//   counts it `info`, never `passed`. Allure has no such status; it gets `unknown` (Allure 2
//   and 3 both read and count it apart from passed), a label `outcome: info`, and a status
//   message saying why.
// - A check the harness could not judge (label `outcome: error`, CONTRACTS §2) is `broken`:
//   Allure's word for a test that could not run to a verdict.
// - Every other check that did not hold is `failed`, whatever kind of error it threw
//   (allure-vitest calls a non-assertion error `broken`): a MUST failure is a finding about
//   the target, and must not look like the harness's trouble.
import type { Label, TestResult } from 'allure-js-commons';
import type { LifecycleListener } from 'allure-js-commons/sdk/reporter';

/** Allure's status for an INFO check that ran (allure-js-commons's Status enum lacks it). */
export const INFO_STATUS = 'unknown';

const INFO_MESSAGE = 'INFO check: it records what the target does and judges nothing (summary.json: outcome "info", neither passed nor failed)';

function labelOf(result: TestResult, name: string): string | undefined {
  return result.labels.find((l: Label) => l.name === name)?.value;
}

function setStatus(result: TestResult, status: string): void {
  (result as { status?: string }).status = status;
}

/** Gives each check's result the status its outcome has; a result that is no check's stays as allure-vitest made it. */
export function markCheckResult(result: TestResult): void {
  const level = labelOf(result, 'level');
  const status = result.status as string | undefined;
  if (level === undefined) return;
  if (labelOf(result, 'outcome') === 'error') return setStatus(result, 'broken');
  if (status === 'failed' || status === 'broken') return setStatus(result, 'failed');
  if (level !== 'INFO' || status !== 'passed') return;
  setStatus(result, INFO_STATUS);
  result.labels.push({ name: 'outcome', value: 'info' });
  result.statusDetails = { ...result.statusDetails, message: INFO_MESSAGE };
}

export const allureStatusListener: LifecycleListener = { beforeTestResultWrite: markCheckResult };
