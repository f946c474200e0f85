// Runs the conformance suites of the chosen systems through vitest's Node API, with
// the SuiteRun provided to them and our reporter (plus Allure's) attached.
import { accessSync, constants, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { createVitest } from 'vitest/node';
import { scaledLimit } from '../target/machine-pace.ts';
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

/**
 * Where vitest keeps the suites' transformed modules between runs (the next run skips the
 * transform): beside the sources, in the package's node_modules. An installed package may
 * not be the user's to write (`npm install -g` as root, an image's node_modules): there
 * vitest would fail creating it (EACCES), so the run goes without the cache.
 */
function moduleCacheDir(): string | undefined {
  const dir = join(PROJECT_ROOT, 'node_modules', '.experimental-vitest-cache');
  try {
    mkdirSync(dir, { recursive: true });
    accessSync(dir, constants.W_OK);
    return dir;
  } catch {
    return undefined;
  }
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

/**
 * vitest gives a worker 60 s to start and offers no setting for it; on a machine busy
 * enough (a load of 30, wirecheck at a low priority) a worker does not make it, and no
 * check of its files runs. Nothing was sent to the target then, so the files are started
 * again, up to twice, before their checks are left `error` (never run).
 */
const WORKER_DID_NOT_START = /^unhandled error: \[vitest-pool\]: (Failed to start|Timeout starting)/;
const STARTS = 3;

/** The files, started again while vitest's worker could not start and none of their checks reported. */
async function runSuiteFiles(options: SuiteFiles): Promise<void> {
  const { reporter } = options;
  for (let start = 1; ; start++) {
    const errorsBefore = reporter.runErrors.length;
    const reportedBefore = options.selected.filter((c) => reporter.tests.has(c.id)).length;
    await runVitest(options);
    const didNotStart = reporter.runErrors.slice(errorsBefore).some((e) => WORKER_DID_NOT_START.test(e));
    const reported = options.selected.filter((c) => reporter.tests.has(c.id)).length > reportedBefore;
    if (!didNotStart || reported || start >= STARTS) return;
    reporter.runErrors.splice(errorsBefore);
    reporter.notes.push(`vitest's worker for ${options.files.join(', ')} did not start within its own limit of 60 s on this busy machine, and nothing ran: started again (${start + 1} of ${STARTS})`);
  }
}

async function runVitest(options: SuiteFiles): Promise<void> {
  const cacheDir = moduleCacheDir();
  const vitest = await createVitest('test', {
    config: false,
    root: PROJECT_ROOT,
    include: [...options.files],
    testNamePattern: namePattern(options.selected),
    watch: false,
    fileParallelism: options.workers > 1,
    maxWorkers: options.workers,
    pool: 'forks',
    // The runner's own limits, stretched for a busy machine (check() sets each check's own).
    testTimeout: scaledLimit(60_000),
    hookTimeout: scaledLimit(60_000),
    setupFiles: ['allure-vitest/setup'],
    // INFO checks get Allure's `unknown`, not `passed` (report/allure-status.ts).
    reporters: [options.reporter, ['allure-vitest/reporter', { resultsDir: options.allureResultsDir, listeners: [allureStatusListener] }]],
    provide: { [SUITE_RUN_KEY]: options.suiteRun },
    passWithNoTests: true,
    experimental: cacheDir ? { fsModuleCache: true, fsModuleCachePath: cacheDir } : {},
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
