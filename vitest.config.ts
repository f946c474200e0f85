// The project's own tests (`npm test`): unit tests beside the code in harness/ and
// reference-impl/, and the end-to-end tests in test/ (CLI, evidence, benches' guards).
// The conformance suites in suites/ are not run directly: `wirecheck run` runs them
// through vitest's Node API against a target.
//
// The certification runs that prove the suites themselves (`npm run test:self`,
// test/self-test/vitest.config.ts) are left out: every check against the clean
// references and their faults, the correct alternatives, real Appium 3. Together
// they are half of both cores' time; apart, each command stays a few minutes.
// .ci/run runs both.
import { defineConfig } from 'vitest/config';
import { LongFilesFirst } from './test/testing/long-files-first.ts';

/** Never test files of the project's own: dependencies, the suites (run by `wirecheck run`), reports. */
export const NOT_PROJECT_TESTS = ['node_modules/**', 'suites/**', 'reports/**'];

/**
 * The certification runs of `npm run test:self`: the self-test, the alternatives, Appium 3,
 * and the runs that prove a verdict of the harness against a target made to earn it — the
 * ordering checks on a receiver whose version field was found (version-field-discovery), a
 * hollow session deletion, a hostile target, a sender cut at a harness limit, a module of
 * the harness gone (each a minute or so of both cores).
 */
export const SELF_TEST_FILES = [
  'test/self-test/**/*.test.ts', 'test/alternatives/**/*.test.ts', 'test/appium/**/*.test.ts',
  'test/cli/version-field-discovery.test.ts', 'test/cli/device-server-hollow-deletion.test.ts', 'test/hostile-target/**/*.test.ts',
  'test/cli/webhook-sender-harness-limits.test.ts', 'test/cli/harness-error.test.ts',
];

export default defineConfig({
  test: {
    include: ['harness/**/*.test.ts', 'reference-impl/**/*.test.ts', 'test/**/*.test.ts'],
    // test/mutation/mutation-suites.test.ts collects every webhook and resource API suite file
    // (a minute of both cores), and test/package/ installs the packed tarball and runs every
    // system from it (minutes): .ci/run runs each after the tests, with a config of its own.
    exclude: [...NOT_PROJECT_TESTS, 'test/mutation/mutation-suites.test.ts', 'test/package/**', ...SELF_TEST_FILES],
    // 2 cores: one worker per core. The self-test's concurrent tests are child
    // processes (a wirecheck run and its reference) that mostly wait on sockets.
    maxWorkers: 2,
    maxConcurrency: 3,
    // The files that take minutes start first (test/testing/long-files-first.ts).
    sequence: { sequencer: LongFilesFirst },
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
