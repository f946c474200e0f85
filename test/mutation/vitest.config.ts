// test/mutation/mutation-suites.test.ts alone (.ci/run, after npm test): it collects every
// webhook and resource API suite file, a minute of both cores, so the main config leaves it out.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    root: `${import.meta.dirname}/../..`,
    include: ['test/mutation/mutation-suites.test.ts'],
  },
});
