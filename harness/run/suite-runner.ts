// Runs the conformance suites of the chosen systems through vitest's Node API, with
// the SuiteRun provided to them and our reporter (plus Allure's) attached.
import { createVitest } from 'vitest/node';
import type { SystemCheck, SystemName } from '../checks/check-definition.ts';
import { suiteFilesOf } from '../systems/catalog.ts';
import { suiteBatches } from './suite-batches.ts';
import { CheckReporter, type ProgressListener } from '../report/check-reporter.ts';
import { allureStatusListener } from '../report/allure-status.ts';
import { PROJECT_ROOT } from '../project-paths.ts';
import { SUITE_RUN_KEY, type SuiteRun } from '../checks/suite-run.ts';

export interface SuitesResult {
  readonly reporter: CheckReporter;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Matches the titles of the selected checks only (titles start with the id). */
function namePattern(selected: readonly SystemCheck[]): RegExp {
  return new RegExp(`(?:^|\\s)(?:${selected.map((c) => escapeRegExp(c.id)).join('|')}) `);
}

/** What one vitest instance runs: suite files of one system, `workers` of them at a time. */
interface SuiteFiles {
  readonly files: readonly string[];
  readonly workers: number;
  readonly selected: readonly SystemCheck[];
  readonly suiteRun: SuiteRun;
  readonly allureResultsDir: string;
  readonly reporter: CheckReporter;
}

async function runSuiteFiles(options: SuiteFiles): Promise<void> {
  const vitest = await createVitest('test', {
    config: false,
    root: PROJECT_ROOT,
    include: [...options.files],
    testNamePattern: namePattern(options.selected),
    watch: false,
    fileParallelism: options.workers > 1,
    maxWorkers: options.workers,
    pool: 'forks',
    testTimeout: 60_000,
    hookTimeout: 60_000,
    setupFiles: ['allure-vitest/setup'],
    // INFO checks get Allure's `unknown`, not `passed` (report/allure-status.ts).
    reporters: [options.reporter, ['allure-vitest/reporter', { resultsDir: options.allureResultsDir, listeners: [allureStatusListener] }]],
    provide: { [SUITE_RUN_KEY]: options.suiteRun },
    passWithNoTests: true,
    experimental: { fsModuleCache: true },
  });
  try {
    await vitest.start();
  } finally {
    await vitest.close();
  }
}

/** One system's suites: the independent files side by side, then the others one at a time. */
async function runSystemSuites(system: string, options: SuiteFiles): Promise<void> {
  const { together, alone } = suiteBatches(system, options.files, options.suiteRun.targets[system as SystemName]?.kind, options.workers);
  if (together.length > 0) await runSuiteFiles({ ...options, files: together, workers: Math.min(options.workers, together.length) });
  if (alone.length > 0) await runSuiteFiles({ ...options, files: alone, workers: 1 });
}

export async function runSuites(options: {
  selected: readonly SystemCheck[];
  /** --workers: independent files at once against an external target. */
  workers: number;
  suiteRun: SuiteRun;
  allureResultsDir: string;
  onProgress: ProgressListener;
}): Promise<SuitesResult> {
  const reporter = new CheckReporter(options.onProgress);
  const systems = [...new Set(options.selected.map((c) => c.system))];
  // The systems run side by side — each against its own target — in vitest
  // instances of their own (vitest's projects would run them one after the other).
  await Promise.all(systems.map((system) => runSystemSuites(system, {
    ...options,
    files: suiteFilesOf(system, options.selected.map((c) => c.id)),
    selected: options.selected.filter((c) => c.system === system),
    reporter,
  })));
  return { reporter };
}
