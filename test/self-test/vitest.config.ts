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
  },
});
