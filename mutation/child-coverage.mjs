// Preloaded (NODE_OPTIONS=--import) into the reference CLI processes the device-server
// checks start during a mutation run. Stryker counts which mutants a test reaches in
// the process that runs the test; a child process counts in its own globals, so at
// exit it hands its counts to the vitest worker as a file (suite-file-coverage.ts
// merges them into the test that started it). Plain JS: it runs before tsx is loaded.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';

const dir = process.env.WIRECHECK_MUTATION_COVERAGE_DIR;
if (dir) {
  process.on('exit', () => {
    const coverage = globalThis.__stryker__?.mutantCoverage;
    if (coverage) writeFileSync(join(dir, `${process.pid}.json`), JSON.stringify(coverage));
  });
}
