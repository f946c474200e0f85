// Setup file of the mutation run (vitest.config.ts here): before each suite file,
// the reference of the file's system starts inside this worker — after Stryker's own
// setup has switched the mutant on — and the run context the suites read points at
// it; after the file, it stops. suite-file-coverage.ts tells Stryker which tests
// reached which mutants.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import type { SystemName } from '../harness/checks/check-definition.ts';
import { passedThrough } from '../harness/target/reference-env.ts';
import { IN_WORKER_SUITE_RUN, type SuiteRun } from '../harness/checks/suite-run.ts';
import type { StartedTarget } from '../harness/target/started-target.ts';
import { checksOf } from '../harness/systems/catalog.ts';
import { SuiteFileCoverage } from './suite-file-coverage.ts';
import { startDeviceServerInWorker, startResourceApiInWorker, startWebhookInWorker } from './in-worker-references.ts';
import { mutationSystem } from './systems.mjs';

const SEED = 20261121;
const databaseUrl = process.env['DATABASE_URL'] || undefined;
const embeddedStore = mutationSystem().embeddedStore ?? [];
/** PostgreSQL when the run has it, unless this mutation run keeps the system on PGlite. */
const databaseUrlOf = (system: SystemName): string | undefined => (embeddedStore.includes(system) ? undefined : databaseUrl);
const coverage = new SuiteFileCoverage();
const reportDir = mkdtempSync(join(tmpdir(), 'wirecheck-mutation-report-'));
let started: StartedTarget | undefined;
let startFailure: unknown;

const runOf = (system: SystemName | undefined, target?: StartedTarget): SuiteRun => {
  // The target's secret or tokens, whichever its system has (no options were resolved here).
  const t = (target?.target ?? {}) as Partial<Record<'secret' | 'token' | 'otherToken', string>>;
  return {
    seed: SEED, strict: false, reportDir, reproduce: 'npm run mutation',
    targets: system && target ? { [system]: target.target } : {},
    secrets: [t.secret, t.token, t.otherToken].filter((s): s is string => Boolean(s)),
    checks: mutationSystem().suites.flatMap((suite) => checksOf(suite as SystemName)),
  };
};
// check() reads its definition while vitest collects the file, before beforeAll has
// started the reference: the run's checks are there from the start, its target after.
(globalThis as { [IN_WORKER_SUITE_RUN]?: SuiteRun })[IN_WORKER_SUITE_RUN] = runOf(undefined);

function systemOf(file: string): SystemName {
  const match = /[\\/]suites[\\/](webhook|resource-api|device-server)[\\/]/.exec(file);
  if (!match?.[1]) throw new Error(`mutation run: ${file} is not a suite file of a system`);
  return match[1] as SystemName;
}

function start(system: SystemName): Promise<StartedTarget> {
  switch (system) {
    case 'webhook': return startWebhookInWorker(databaseUrlOf(system));
    case 'resource-api': return startResourceApiInWorker(databaseUrlOf(system));
    // Only what a run gives the reference's processes (no npm_config_* of `npm run mutation`).
    case 'device-server': return startDeviceServerInWorker(coverage.childEnv(passedThrough(process.env)));
    default: throw new Error(`mutation run: no in-worker reference for ${system}`);
  }
}

// eslint-disable-next-line no-empty-pattern -- vitest reads the fixtures from the first parameter
beforeAll(async ({}, suite) => {
  const system = systemOf(suite.file.filepath);
  try {
    started = await start(system);
  } catch (error) {
    // A mutant that breaks start-up must fail the file's tests: a failing beforeAll
    // would only skip them, and Stryker counts skipped tests as passing.
    startFailure = error;
    return;
  }
  (globalThis as { [IN_WORKER_SUITE_RUN]?: SuiteRun })[IN_WORKER_SUITE_RUN] = runOf(system, started);
});

beforeEach(() => {
  if (startFailure !== undefined) throw startFailure;
});

afterEach(() => coverage.afterTest());

afterAll(async () => {
  await started?.stop();
  coverage.afterFile();
  rmSync(reportDir, { recursive: true, force: true });
});
