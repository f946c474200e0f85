// The vitest reporter of `wirecheck run`: remembers each check's result and prints
// one progress line per check as it finishes. Judging happens afterwards, against
// the catalog (collect-results.ts), so this stays a plain recorder. Which check a
// test is comes from the meta check() declared it with, never from its title: a test
// without that meta is not a check.
import type { Reporter, TestCase, TestModule } from 'vitest/node';
import type { SerializedError } from 'vitest/node';
import type { CheckMeta } from '../checks/check-meta.ts';

export interface ReportedTest {
  readonly id: string;
  readonly state: 'passed' | 'failed' | 'skipped';
  readonly note?: string;
  readonly errors: readonly string[];
  readonly durationMs: number;
  readonly meta?: CheckMeta;
}

export type ProgressListener = (test: ReportedTest) => void;

function errorText(error: { message?: string; stack?: string; diff?: string }): string {
  return [error.message ?? 'error', error.diff].filter(Boolean).join('\n');
}

export class CheckReporter implements Reporter {
  readonly tests = new Map<string, ReportedTest>();
  readonly runErrors: string[] = [];
  /** What the run did about its own trouble on the way (a suite started again), for the terminal. */
  readonly notes: string[] = [];

  constructor(private readonly onProgress: ProgressListener) {}

  onTestCaseResult(testCase: TestCase): void {
    const meta = testCase.meta().wirecheck;
    const id = meta?.check?.id;
    if (id === undefined) return;
    const result = testCase.result();
    if (result.state === 'pending') return;
    // Tests filtered out by --only are skipped without a note: not part of the run.
    if (result.state === 'skipped' && result.note === undefined && testCase.options.mode !== 'run') return;
    const test: ReportedTest = {
      id,
      state: result.state,
      ...(result.state === 'skipped' && result.note !== undefined ? { note: result.note } : {}),
      errors: (result.errors ?? []).map(errorText),
      durationMs: testCase.diagnostic()?.duration ?? 0,
      meta,
    };
    this.tests.set(id, test);
    this.onProgress(test);
  }

  onTestModuleEnd(testModule: TestModule): void {
    for (const error of testModule.errors()) {
      this.runErrors.push(`suite ${testModule.relativeModuleId} failed to load: ${error.message}`);
    }
  }

  onTestRunEnd(_modules: ReadonlyArray<TestModule>, unhandledErrors: ReadonlyArray<SerializedError>): void {
    for (const error of unhandledErrors) this.runErrors.push(`unhandled error: ${error.message}`);
  }
}
