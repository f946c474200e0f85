// The project's own tests (`npm test`): unit tests beside the code in harness/ and
// reference-impl/, and the end-to-end tests in test/ (CLI and self-test). The
// conformance suites in suites/ are not run directly: `wirecheck run` runs them
// through vitest's Node API against a target, and the self-test drives that.
import { defineConfig } from 'vitest/config';
import { LongFilesFirst } from './test/testing/long-files-first.ts';

export default defineConfig({
  test: {
    include: ['harness/**/*.test.ts', 'reference-impl/**/*.test.ts', 'test/**/*.test.ts'],
    // test/mutation/mutation-suites.test.ts collects every webhook and resource API suite file
    // (a minute of both cores): .ci/run runs it after npm test, not beside the self-tests.
    exclude: ['node_modules/**', 'suites/**', 'reports/**', 'test/mutation/mutation-suites.test.ts'],
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
