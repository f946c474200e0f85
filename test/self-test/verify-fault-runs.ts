// Proves the self-test's groups of faults (fault-runs.ts) keep each fault's expectation
// exact: for every fault of a group, one run with the other faults of its group on and
// it off, of the checks it names, where its MUST/SHOULD checks must pass and its INFO
// checks must no longer observe what the group run observes. A check that fails there
// would fail in the group run whatever its own fault does: the group would prove nothing
// about it.
//
//   DATABASE_URL=postgres://... npx tsx test/self-test/verify-fault-runs.ts <system> [--concurrency N] [--fault NAME]...
//
// Not part of `npm test` (it costs one run per fault): run it after changing a group
// or a fault. Exit 0: every group is sound; 1: the problems are printed.
import { parseArgs } from 'node:util';
import { databaseUrl } from '../testing/postgres.ts';
import { outcomesById, runWirecheck, type SummaryCheck } from '../testing/run-wirecheck.ts';
import { SELF_TEST_SEED } from './define-self-test.ts';
import { DEVICE_SERVER_FAULT_EFFECTS, DEVICE_SERVER_FAULT_RUNS } from './device-server-faults.ts';
import { namedChecks, runArgsOf, type FaultEffects, type FaultRuns } from './fault-runs.ts';
import { RESOURCE_API_FAULT_EFFECTS, RESOURCE_API_FAULT_RUNS } from './resource-api-faults.ts';
import { WEBHOOK_FAULT_EFFECTS, WEBHOOK_FAULT_RUNS } from './webhook-faults.ts';
import { WEBHOOK_SENDER_FAULT_EFFECTS, WEBHOOK_SENDER_FAULT_RUNS } from './webhook-sender-faults.ts';

const SYSTEMS: Readonly<Record<string, { effects: FaultEffects; runs: FaultRuns; postgres: boolean }>> = {
  'device-server': { effects: DEVICE_SERVER_FAULT_EFFECTS, runs: DEVICE_SERVER_FAULT_RUNS, postgres: false },
  'resource-api': { effects: RESOURCE_API_FAULT_EFFECTS, runs: RESOURCE_API_FAULT_RUNS, postgres: true },
  webhook: { effects: WEBHOOK_FAULT_EFFECTS, runs: WEBHOOK_FAULT_RUNS, postgres: true },
  'webhook-sender': { effects: WEBHOOK_SENDER_FAULT_EFFECTS, runs: WEBHOOK_SENDER_FAULT_RUNS, postgres: false },
};

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { concurrency: { type: 'string', default: '2' }, fault: { type: 'string', multiple: true } },
});
const system = positionals[0] ?? '';
const config = SYSTEMS[system];
if (!config) {
  console.error(`usage: verify-fault-runs.ts <${Object.keys(SYSTEMS).join('|')}> [--concurrency N] [--fault NAME]...`);
  process.exit(2);
}
const env = config.postgres && databaseUrl ? { DATABASE_URL: databaseUrl } : {};
const base = ['run', system, '--seed', SELF_TEST_SEED, '--strict', '--no-allure'];

/** Each fault of a group of two or more, with the rest of its group. */
const cases = config.runs.filter((run) => run.length > 1)
  .flatMap((run) => run.map((fault) => ({ fault, others: run.filter((f) => f !== fault) })))
  .filter((c) => !values.fault || values.fault.includes(c.fault));

/**
 * Runs `each` over the items, --concurrency at a time: the group runs too, which once all
 * started together and so loaded the machine more than any run of the self-test does.
 */
async function inTurn<T>(items: readonly T[], each: (item: T) => Promise<void>): Promise<void> {
  const queue = [...items];
  await Promise.all(Array.from({ length: Math.max(1, Number(values.concurrency)) }, async () => {
    for (let item = queue.shift(); item !== undefined; item = queue.shift()) await each(item);
  }));
}

// An INFO check judges nothing, and what it observes can depend on timing (which statuses
// a poll happens to see), so it is not held to the clean run's words: the fault is needed
// when, with it off, the check no longer observes what the group run (every fault of the
// group on) observes — the change the self-test asserts goes with it.
const groups = config.runs.filter((run) => run.length > 1 && run.some((f) => cases.some((c) => c.fault === f)));
const groupObserved = new Map<string, Map<string, SummaryCheck>>();
await inTurn(groups, async (run) => {
  const ids = run.flatMap((f) => config.effects[f]?.changes ?? []);
  if (ids.length === 0) return;
  const all = await runWirecheck([...base, ...runArgsOf(config.effects, run), '--only', ids.join(','), '--reference-fault', run.join(',')], { env });
  groupObserved.set(run.join(','), outcomesById(all.summary));
});

async function verify(c: { fault: string; others: readonly string[] }): Promise<string[]> {
  const effect = config?.effects[c.fault];
  const args = [...base, ...runArgsOf(config?.effects ?? {}, c.others), '--only', namedChecks(effect).join(','), '--reference-fault', c.others.join(',')];
  const run = await runWirecheck(args, { env });
  const outcomes = outcomesById(run.summary);
  const problems: string[] = [];
  if (run.exitCode !== 0) problems.push(`exit ${run.exitCode}${run.summary ? '' : `: ${run.stderr.slice(-800)}`}`);
  for (const id of effect?.fails ?? []) {
    const outcome = outcomes.get(id);
    if (outcome?.outcome !== 'passed') problems.push(`${id} ${outcome?.outcome ?? 'no result'} without it: ${outcome?.reason ?? ''}`);
  }
  const group = config?.runs.find((r) => r.includes(c.fault))?.join(',') ?? '';
  for (const id of effect?.changes ?? []) {
    const without = outcomes.get(id)?.observed;
    const withIt = groupObserved.get(group)?.get(id)?.observed;
    if (without === undefined || without === withIt) problems.push(`${id} observed the same without it as with its whole group on (another fault makes the change): ${without ?? 'nothing'}`);
  }
  console.log(`${(problems.length > 0 ? 'PROBLEM' : 'ok').padEnd(7)} ${c.fault} (with ${c.others.join(',')})${problems.map((p) => `\n    ${p}`).join('')}`);
  return problems.map((p) => `${c.fault}: ${p}`);
}

const found: string[] = [];
await inTurn(cases, async (c) => { found.push(...(await verify(c))); });
console.log(found.length === 0 ? `\n${cases.length} faults of ${system}: each needed for its own checks in its group` : `\n${found.length} problem(s)`);
process.exit(found.length === 0 ? 0 : 1);
