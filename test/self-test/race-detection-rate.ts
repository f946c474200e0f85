// How reliably the resource API's race checks catch the reference's race faults: for
// each fault (and the clean reference, the false-alarm side), one reference started
// with it and the race checks run --runs times against it (`wirecheck run --repeat`),
// then the count of runs in which each check failed. A check named for a fault in the
// self-test (resource-api-faults.ts) must catch it in every run: anything less is
// printed as a problem, and so is any failure against the clean reference.
//
//   DATABASE_URL=postgres://... npm run self-test:race-rate -- [--runs 20] [--fault NAME]... [--check ID]... [--store pglite|postgres] [--json FILE]
//
// --fresh starts a reference for every run instead of one per fault (--runs separate
// `wirecheck run`s): how a server's processes share connections can differ from one
// start to the next, and the self-test starts one per fault run. Without DATABASE_URL
// (or with --store pglite) the faults that need PostgreSQL are left out, saying so. Not part of `npm test`: it costs one run of --runs attempts per fault.
// The figures are in mutation/README.md ("Race and durability detection rates").
// --check RA-DUR-01 --fault commit-after-204 measures the durability check the same way.
import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { databaseUrl } from '../testing/postgres.ts';
import { outcomesById, runWirecheck, type SummaryCheck } from '../testing/run-wirecheck.ts';
import { SELF_TEST_SEED } from './define-self-test.ts';
import { runArgsOf } from './fault-runs.ts';
import { RESOURCE_API_FAULT_EFFECTS } from './resource-api-faults.ts';

const RACE_CHECKS = ['RA-CONC-01', 'RA-CONC-02', 'RA-CONC-03', 'RA-CONC-05'];
const CLEAN = 'clean';

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '20' },
    fault: { type: 'string', multiple: true },
    check: { type: 'string', multiple: true },
    store: { type: 'string' },
    json: { type: 'string' },
    fresh: { type: 'boolean', default: false },
  },
});
const runs = Number(values.runs);
if (!Number.isInteger(runs) || runs < 1 || runs > 20) {
  console.error('--runs must be 1-20 (wirecheck run --repeat)');
  process.exit(2);
}
const store = values.store ?? (databaseUrl ? 'postgres' : 'pglite');
if (store === 'postgres' && !databaseUrl) {
  console.error('--store postgres needs DATABASE_URL');
  process.exit(2);
}
const checks = values.check ?? RACE_CHECKS;
const faults = values.fault ?? [CLEAN, ...Object.entries(RESOURCE_API_FAULT_EFFECTS)
  .filter(([, effect]) => effect.fails.some((id) => checks.includes(id))).map(([fault]) => fault)];

interface CheckTally {
  /** Runs it failed in, and runs the harness could not judge. */
  failed: number;
  error: number;
  /** The time of one run of the check (the first), in ms. */
  oneRunMs: number;
  /** Whether the self-test names it for the fault (it must then fail every run). */
  named: boolean;
  /** Problems the failed runs listed (a lost race each, for the race checks): summed over the runs. */
  problems: number;
  /** With --fresh: the fewest problems one failed run listed (how far a run was from missing the fault). */
  fewest?: number;
  reason?: string;
}

interface Row {
  readonly fault: string;
  readonly store: string;
  readonly wallMs: number;
  readonly checks: Record<string, CheckTally>;
}

/** Problems a failed check's reason lists: "…: first (and N more)". */
function problemCount(reason: string | undefined): number {
  if (!reason) return 0;
  const more = /\(and (\d+) more\)/.exec(reason);
  return more ? Number(more[1]) + 1 : 1;
}

function tallyOf(check: SummaryCheck | undefined, attempts: number): Pick<CheckTally, 'failed' | 'error'> {
  if (!check) return { failed: 0, error: attempts };
  const outcomes = (check as SummaryCheck & { attempts?: string[] }).attempts ?? Array<string>(attempts).fill(check.outcome);
  return { failed: outcomes.filter((o) => o === 'failed').length, error: outcomes.filter((o) => o === 'error').length };
}

/** One `wirecheck run` of the checks, `attempts` times against one reference started with the fault. */
async function runOnce(fault: string, attempts: number): Promise<Map<string, SummaryCheck>> {
  const args = ['run', 'resource-api', '--seed', SELF_TEST_SEED, '--strict', '--no-allure', '--only', checks.join(','),
    ...(attempts > 1 ? ['--repeat', String(attempts)] : []),
    ...(fault === CLEAN ? [] : [...runArgsOf(RESOURCE_API_FAULT_EFFECTS, [fault]), '--reference-fault', fault])];
  const run = await runWirecheck(args, { env: store === 'postgres' ? { DATABASE_URL: databaseUrl } : {}, timeoutMs: 1_800_000 });
  if (!run.summary) console.log(`${fault}: no summary (exit ${run.exitCode}): ${run.stderr.slice(-600)}`);
  return outcomesById(run.summary);
}

async function measure(fault: string): Promise<Row | undefined> {
  const effect = RESOURCE_API_FAULT_EFFECTS[fault];
  if (effect?.needsPostgres && store !== 'postgres') {
    console.log(`${fault}: left out (needs PostgreSQL: set DATABASE_URL)`);
    return undefined;
  }
  const started = performance.now();
  const batches = values.fresh ? await sequence(runs, () => runOnce(fault, 1)) : [await runOnce(fault, runs)];
  const attemptsPerBatch = values.fresh ? 1 : runs;
  const row: Row = { fault, store, wallMs: Math.round(performance.now() - started), checks: {} };
  for (const id of checks) {
    const named = effect?.fails.includes(id) ?? false;
    const tally: CheckTally = { failed: 0, error: 0, oneRunMs: batches[0]?.get(id)?.durationMs ?? 0, named, problems: 0 };
    for (const outcomes of batches) {
      const check = outcomes.get(id);
      const { failed, error } = tallyOf(check, attemptsPerBatch);
      tally.failed += failed;
      tally.error += error;
      if (failed > 0) {
        const count = problemCount(check?.reason);
        tally.problems += count;
        if (values.fresh) tally.fewest = Math.min(tally.fewest ?? count, count);
        tally.reason ??= check?.reason?.slice(0, 240);
      }
    }
    row.checks[id] = tally;
  }
  return row;
}

async function sequence<T>(n: number, work: () => Promise<T>): Promise<T[]> {
  const results: T[] = [];
  for (let i = 0; i < n; i++) results.push(await work());
  return results;
}

function problemsOf(row: Row): string[] {
  return Object.entries(row.checks).flatMap(([id, c]) => {
    if (c.error > 0) return [`${row.fault}: ${id} could not be judged in ${c.error} of ${runs} runs`];
    if (row.fault === CLEAN && c.failed > 0) return [`clean reference: ${id} failed in ${c.failed} of ${runs} runs (a false alarm): ${c.reason ?? ''}`];
    if (c.named && c.failed < runs) return [`${row.fault}: ${id} caught it in ${c.failed} of ${runs} runs only`];
    return [];
  });
}

const rows: Row[] = [];
for (const fault of faults) {
  const row = await measure(fault);
  if (!row) continue;
  rows.push(row);
  const cells = Object.entries(row.checks).map(([id, c]) => `${id} ${c.failed}/${runs}${c.named ? '*' : ''} (${(c.oneRunMs / 1000).toFixed(1)} s${c.problems > 0 ? `, ${c.problems} lost${c.fewest === undefined ? '' : `, fewest in a run ${c.fewest}`}` : ''})`);
  console.log(`${fault.padEnd(34)} ${store.padEnd(8)} ${cells.join('  ')}  [${(row.wallMs / 1000).toFixed(0)} s]`);
}
console.log(`\n* = the check the self-test names for the fault: it must fail in ${runs} of ${runs} runs. (s) = one run of the check; lost = the problems (lost races) its failed runs listed, summed.`);
const problems = rows.flatMap(problemsOf);
for (const p of problems) console.log(`PROBLEM ${p}`);
if (values.json) writeFileSync(values.json, `${JSON.stringify({ runs, store, seed: SELF_TEST_SEED, rows }, null, 2)}\n`);
process.exit(problems.length > 0 ? 1 : 0);
