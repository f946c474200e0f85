// The conformance suites as Stryker runs them (npm run mutation): the suite files of
// the systems of this mutation run (systems.mjs), the reference of each file's system
// started in the worker by setup-references.ts. Not the WH-SEND suites: they certify
// the harness's sender, which is not a reference and not mutated.
import { defineConfig } from 'vitest/config';
import { mutationSystem } from './systems.mjs';

export default defineConfig({
  test: {
    root: `${import.meta.dirname}/..`,
    include: mutationSystem().suites.map((suite) => `suites/${suite}/**/*.test.ts`),
    exclude: ['node_modules/**', 'suites/webhook/sender/**'],
    setupFiles: [`${import.meta.dirname}/setup-references.ts`],
    // A race check owns its target while it counts side effects: one file at a time.
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
