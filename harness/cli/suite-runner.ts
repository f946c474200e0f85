// Runs the conformance suites of the chosen systems through vitest's Node API, with
// the run context provided to them and our reporter (plus Allure's) attached.
import { createVitest } from 'vitest/node';
import type { SystemCheck } from '../checks/check-definition.ts';
import { suiteFilesOf } from '../checks/suite-files.ts';
import { CheckReporter, type ProgressListener } from '../report/check-reporter.ts';
import { PROJECT_ROOT } from '../project-paths.ts';
import { RUN_CONTEXT_KEY, type RunContext } from '../target/target-info.ts';

export interface SuiteRun {
  readonly reporter: CheckReporter;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Matches the titles of the selected checks only (titles start with the id). */
function namePattern(selected: readonly SystemCheck[]): RegExp {
  return new RegExp(`(?:^|\\s)(?:${selected.map((c) => escapeRegExp(c.id)).join('|')}) `);
}

export async function runSuites(options: {
  selected: readonly SystemCheck[];
  context: RunContext;
  allureResultsDir: string;
  onProgress: ProgressListener;
}): Promise<SuiteRun> {
  // Only the files that implement a selected check; a check no file implements is
  // still judged (as missing) from the catalog, so nothing is lost by not forking them.
  const files = suiteFilesOf(options.selected.map((c) => c.id));
  const reporter = new CheckReporter(options.onProgress);
  const vitest = await createVitest('test', {
    config: false,
    root: PROJECT_ROOT,
    include: files.length > 0 ? files : ['suites/__none__.test.ts'],
    testNamePattern: namePattern(options.selected),
    watch: false,
    // One file at a time: every suite talks to the same target, and a race check
    // must own the target while it counts side effects.
    fileParallelism: false,
    maxWorkers: 1,
    pool: 'forks',
    testTimeout: 60_000,
    hookTimeout: 60_000,
    setupFiles: ['allure-vitest/setup'],
    reporters: [reporter, ['allure-vitest/reporter', { resultsDir: options.allureResultsDir }]],
    provide: { [RUN_CONTEXT_KEY]: options.context },
    passWithNoTests: true,
  });
  try {
    await vitest.start();
  } finally {
    await vitest.close();
  }
  return { reporter };
}
