// `npm run test:package` (.ci/run, after the self-test): test/package/packed-install.test.ts
// alone. It packs the project, installs the tarball into an empty project and certifies
// every reference from there — minutes of both cores, so the main config leaves it out.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    root: `${import.meta.dirname}/../..`,
    include: ['test/package/**/*.test.ts'],
    testTimeout: 900_000,
    hookTimeout: 900_000,
  },
});
