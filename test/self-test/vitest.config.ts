// `npm run test:self`: the certification runs that prove the suites (see the main
// vitest.config.ts): the self-test of each system, the correct alternatives, real
// Appium 3. The main config's settings, these files only.
import { defineConfig } from 'vitest/config';
import main, { NOT_PROJECT_TESTS, SELF_TEST_FILES } from '../../vitest.config.ts';

export default defineConfig({
  test: {
    ...main.test,
    root: `${import.meta.dirname}/../..`,
    include: SELF_TEST_FILES,
    exclude: NOT_PROJECT_TESTS,
    // Two certification runs at a time per file, not three: each is a wirecheck run, its
    // reference or alternative, and their processes, so three per worker kept two cores
    // at a load of 6 per core (2026-11-29), the harness's limits stretched ×10 and runs
    // cut at the tests' own limits.
    maxConcurrency: 2,
  },
});
