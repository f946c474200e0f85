// StrykerJS for one system (WIRECHECK_MUTATION_SYSTEM, set by `npm run mutation`):
// mutates that system's reference code and runs its conformance suites against each
// mutant (vitest.config.ts here). See mutation/README.md.
import { mutationSystem } from './systems.mjs';

const system = mutationSystem();
const reportDir = `reports/mutation/${system.name}`;

/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  testRunner: 'vitest',
  vitest: { configFile: 'mutation/vitest.config.ts', related: false },
  plugins: ['@stryker-mutator/vitest-runner', './mutation/exemption-ignorer.mjs', './mutation/fault-switch-ignorer.mjs'],
  // The exemption ledger (mutation/exemptions/) first: it sets Stryker's own directives
  // up when a file's Program is entered, before any node the directives apply to.
  ignorers: ['exemptions', 'fault-switches'],
  mutate: system.mutate,
  coverageAnalysis: 'perTest',
  incremental: true,
  incrementalFile: `mutation/incremental/${system.name}.json`,
  // 2 cores, three test runners (each one vitest worker, one suite file at a time):
  // the suites wait on sockets and the worker's polling, so two leave a core idle.
  concurrency: 3,
  timeoutMS: 15_000,
  reporters: ['html', 'json', 'clear-text', 'progress'],
  htmlReporter: { fileName: `${reportDir}/mutation.html` },
  jsonReporter: { fileName: `${reportDir}/mutation.json` },
  clearTextReporter: { allowColor: false, logTests: false, reportMutants: false },
  thresholds: { high: 90, low: 80, break: null },
  tempDirName: '.stryker-tmp',
  ignorePatterns: ['reports', 'bench/results', '.stryker-tmp'],
};
