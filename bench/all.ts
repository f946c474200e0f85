// bench:all — the seven benchmarks in one run, after one wait for a quiet machine:
// bench/results/<name>.json for each, and bench/results/table.md, the README's table.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { runCrash } from './crash.ts';
import { runFuzz } from './fuzz.ts';
import { runFullRun } from './full-run.ts';
import { runBrokenWorker } from './broken-worker.ts';
import { runHostile } from './hostile.ts';
import { log, type BenchOutcome } from './lib/bench-main.ts';
import { loadAverage, machineInfo, waitForQuietMachine } from './lib/machine.ts';
import { benchDatabaseUrl } from './lib/postgres.ts';
import { RESULTS_DIR, resultPath, writeResult } from './lib/results.ts';
import { markdownTable } from './lib/table.ts';
import { runStorm } from './storm.ts';
import { runThroughput, VARIANTS } from './throughput.ts';

const { values } = parseArgs({ options: { 'no-wait': { type: 'boolean', default: false }, seed: { type: 'string', default: '20261121' } } });
const databaseUrl = benchDatabaseUrl();
const seed = Number(values.seed);
const quietWait = values['no-wait'] ? undefined : await waitForQuietMachine({ log });
const machine = await machineInfo(databaseUrl);
const runs: Array<[string, () => Promise<BenchOutcome<unknown>>]> = [
  ['throughput', () => runThroughput({ databaseUrl, connections: 32, durationSec: 10, warmupSec: 2, limits: true, variants: Object.values(VARIANTS), verifyEffects: false, log })],
  ['storm', () => runStorm({ databaseUrl, deliveries: 1000, instances: 2, log })],
  ['crash', () => runCrash({ databaseUrl, receiverCycles: 20, workerCycles: 20, outage: 'cluster', minUpMs: 300, maxUpMs: 1500, lanes: 8, ratePerSec: 150, seed, log })],
  ['fuzz', () => runFuzz({ databaseUrl, requests: 100_000, lanes: 32, seed, maxSeconds: 600, log })],
  ['fullrun', () => runFullRun({ log })],
  ['brokenworker', () => runBrokenWorker({ log })],
  ['hostile', () => runHostile({ connections: 200, log })],
];
const files: string[] = [];
let allOk = true;
for (const [name, run] of runs) {
  const before = loadAverage();
  const startedAt = new Date().toISOString();
  log(`${name}: start (load average ${before.join(' ')})`);
  const outcome = await run();
  const after = loadAverage();
  allOk &&= outcome.ok;
  files.push(writeResult(resultPath(name), {
    schema: 'wirecheck.bench/v1', benchmark: name, command: `npm run bench:all${values['no-wait'] ? ' -- --no-wait' : ''}`, startedAt, finishedAt: new Date().toISOString(), machine,
    load: { before, after, ...(quietWait && name === 'throughput' ? { quietWait } : {}) },
    figures: { ...(outcome.figures as object), correct: outcome.ok, problems: outcome.problems },
  }));
  log(`${name}: ${outcome.ok ? 'correct' : `INCORRECT: ${outcome.problems.join('; ').slice(0, 2000)}`} (load average ${after.join(' ')})`);
}
const table = markdownTable(files);
writeFileSync(join(RESULTS_DIR, 'table.md'), `${table}\n`);
process.stdout.write(`${table}\n`);
process.exitCode = allOk ? 0 : 1;
