// bench:under-load — wirecheck on a machine loaded the way a shared runner is: busy loops,
// loops that start processes without pause (`node -e 0`), and several wirecheck runs at
// once. Each round runs side by side `wirecheck run all` against the references (as
// `npm start`: no DATABASE_URL) and one run against each correct alternative in
// alternatives/ — the receivers and APIs on their own frameworks and stores, certified as
// test/alternatives/alternatives.test.ts certifies them, and the senders through
// --sender-cmd as their tests do. The runs and their targets go under `nice -n N` (default
// 15: other work comes first, the hard case). A round holds when every run ends with exit
// 0 or 4 (error: the harness could not judge, never a finding) and no failed check: a
// failed check of a correct target is the harness blaming the target for its own trouble.
// Then the same runs once on a quiet machine, one after another, which must all exit 0.
// Correctness decides the exit code; the checks that ended `error` are counted (the fewer
// the better).
import { execFileSync, type ChildProcess } from 'node:child_process';
import { closeSync, copyFileSync, existsSync, mkdirSync, openSync, readFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { freePort } from '../harness/target/free-port.ts';
import { onCleanup, installSignalCleanup } from '../harness/target/cleanup.ts';
import { startManagedProcess, type ManagedProcess } from '../harness/target/managed-process.ts';
import { tsxNodeArgs } from '../harness/project-paths.ts';
import { dropStore } from '../test/testing/alternative-stores.ts';
import { senderAlternatives, senderRunArgs, serverAlternatives, serverEnv, serverRunArgs, SENDER_FAULT_KNOBS_OFF, type SenderAlternative, type ServerAlternative } from '../test/testing/alternatives.ts';
import { childEnv } from '../test/testing/run-wirecheck.ts';
import { benchMain, intArg, log as defaultLog, type BenchOutcome } from './lib/bench-main.ts';
import { loadAverage, round2, waitForQuietMachine, type QuietWait } from './lib/machine.ts';
import { spawnInGroup, startLoad, stopGroup, type MachineLoad } from './lib/machine-load.ts';
import { round3 } from './lib/percentiles.ts';
import { REFERENCE_ROOT } from './lib/results.ts';

// BENCH_REFERENCE_ROOT=DIR runs wirecheck and the alternatives from a copy (a worktree at a
// commit): a run of an hour or more must not pick up a checkout that is being edited.
const ROOT = REFERENCE_ROOT;
const WIRECHECK = join(ROOT, 'bin', 'wirecheck.js');
/** The seed of the self-test and of bench:fullrun (test/self-test/define-self-test.ts SELF_TEST_SEED). */
const SEED = '20261121';
const CREDENTIALS = {
  secret: `load-${randomBytes(12).toString('hex')}`,
  tokens: { user: `load-u-${randomBytes(9).toString('base64url')}`, other: `load-o-${randomBytes(9).toString('base64url')}` },
};
/** The bench's own limit on an alternative's start-up: the bench is not judging it, so it is generous. */
const TARGET_START_LIMIT_MS = 1_800_000;
const TARGET_START_ATTEMPTS = 5;

/** What a run needs once its target is up: the wirecheck arguments, the environment, and how to stop the target. */
interface Prepared {
  readonly args: readonly string[];
  readonly env: Record<string, string | undefined>;
  readonly targetStartSec?: number;
  /** Starts of the target that failed before one held (the bench tries up to TARGET_START_ATTEMPTS). */
  readonly targetStartRetries?: readonly string[];
  stop(): Promise<void>;
}

interface RunPlan {
  readonly name: string;
  readonly description: string;
  prepare(dir: string, nice: number): Promise<Prepared>;
}

export interface CheckNote {
  readonly id: string;
  readonly level: string;
  /** Verbatim, as summary.json has it. */
  readonly reason: string;
  /** Where its transcript is (absolute), when it has one. */
  readonly transcript?: string;
}

export interface RunFigures {
  readonly name: string;
  readonly command: string;
  readonly exitCode: number | null;
  readonly signal: string | null;
  /** Killed at the bench's --run-timeout. */
  readonly timedOut: boolean;
  readonly wallSec: number;
  /** How long its target took to answer (the alternatives, started by the bench). */
  readonly targetStartSec?: number;
  readonly targetStartRetries?: readonly string[];
  readonly totals?: Record<string, number>;
  readonly failed: readonly CheckNote[];
  readonly errors: readonly CheckNote[];
  /** The "machine: …" or "machine busy: …" line the run printed. */
  readonly machineLine?: string;
  readonly reportDir: string;
  /** The end of its stderr, when it did not end with 0, 1 or 4. */
  readonly stderrTail?: string;
  /** Why the bench could not run it (a target that did not start): no verdict of the harness. */
  readonly problem?: string;
  readonly held: boolean;
}

export interface RoundFigures {
  readonly round: number;
  readonly phase: 'load' | 'quiet';
  readonly startedAt: string;
  readonly wallSec: number;
  readonly load: { readonly before: number[]; readonly after: number[]; readonly max1m: number };
  /** HEAD of the checkout and its uncommitted files in the harness's folders, as the round started (another engineer may be editing). */
  readonly checkout: { readonly head: string; readonly dirty: readonly string[] };
  readonly runs: readonly RunFigures[];
  readonly failedChecks: number;
  readonly errorChecks: number;
  readonly held: boolean;
}

export interface UnderLoadFigures {
  readonly loops: number;
  readonly spawners: number;
  readonly nice: number;
  readonly roundsAsked: number;
  readonly rounds: readonly RoundFigures[];
  readonly quietWait?: QuietWait;
  /** Every check that ended `error` in the rounds under load, and on the quiet machine. */
  readonly errorChecksUnderLoad: number;
  readonly errorChecksQuiet: number;
  readonly failedChecks: number;
  readonly reportsDir: string;
  /** Where wirecheck and the alternatives ran from: this checkout, or BENCH_REFERENCE_ROOT. */
  readonly root: string;
}

function referencePlan(): RunPlan {
  return {
    name: 'run-all',
    description: '`wirecheck run all` against the bundled references (no DATABASE_URL, as `npm start`)',
    prepare: async () => ({ args: ['run', 'all', '--seed', SEED], env: {}, stop: async () => {} }),
  };
}

/** Started and certified as test/alternatives/alternatives.test.ts does (startInstances, certify). */
function serverPlan(alt: ServerAlternative): RunPlan {
  const name = `${alt.system}/${alt.dir.split('/').pop() ?? ''}`;
  return {
    name,
    description: `${alt.system} alternative on ${alt.framework} and ${alt.store}${alt.instances > 1 ? `, ${alt.instances} instances` : ''}${alt.workers ? `, --workers ${alt.workers}` : ''}`,
    async prepare(dir, nice) {
      const storeName = `load_${randomBytes(5).toString('hex')}`;
      const processes: ManagedProcess[] = [];
      const urls: string[] = [];
      const started = Date.now();
      const startRetries: string[] = [];
      const stop = async () => {
        await Promise.all(processes.map((p) => p.stop()));
        await dropStore(alt.store, storeName).catch(() => {});
      };
      try {
        for (let i = 0; i < alt.instances; i++) {
          const port = await freePort();
          const url = `http://127.0.0.1:${port}/`;
          const node = [process.execPath, ...tsxNodeArgs(join(alt.dir, 'server.ts'))];
          const [command = '', ...args] = nice > 0 ? ['nice', '-n', String(nice), ...node] : node;
          // An alternative starved of CPU may give up on its store (its own connect timeout): that
          // is the bench's trouble, not the harness's, so its start is tried again.
          for (let attempt = 1; ; attempt++) {
            try {
              processes.push(await startManagedProcess({
                label: `${alt.system} alternative ${alt.framework} (instance ${i + 1})`,
                command, args,
                cwd: ROOT,
                env: serverEnv(alt, { port, storeName }, CREDENTIALS),
                logFile: join(dir, `instance-${i + 1}.log`),
                healthUrl: url,
                startTimeoutMs: TARGET_START_LIMIT_MS,
              }));
              break;
            } catch (error) {
              if (attempt >= TARGET_START_ATTEMPTS) throw error;
              startRetries.push(`instance ${i + 1}, attempt ${attempt}: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`);
            }
          }
          urls.push(url);
        }
      } catch (error) {
        await stop();
        throw error;
      }
      return {
        args: serverRunArgs(alt, urls, CREDENTIALS, SEED), env: {}, targetStartSec: round3((Date.now() - started) / 1000),
        ...(startRetries.length ? { targetStartRetries: startRetries } : {}), stop,
      };
    },
  };
}

/** Certified as test/alternatives/webhook-sender-alternative.test.ts and python-sender-alternative.test.ts do: its command, --strict. */
function senderPlan(alt: SenderAlternative): RunPlan {
  return {
    name: `webhook-sender/${alt.dir.split('/').pop() ?? ''}`,
    description: `webhook sender alternative on ${alt.client}, through --sender-cmd`,
    prepare: async () => ({ args: senderRunArgs(alt), env: { ...SENDER_FAULT_KNOBS_OFF }, stop: async () => {} }),
  };
}

export function plans(): RunPlan[] {
  return [referencePlan(), ...serverAlternatives(ROOT).map(serverPlan), ...senderAlternatives(ROOT).map(senderPlan)];
}

/** The command as a person would type it, without the secret and the tokens. */
function shownCommand(args: readonly string[], nice: number): string {
  const hidden = new Set(['--secret', '--token', '--other-token']);
  const words = args.map((word, i) => (i > 0 && hidden.has(args[i - 1] ?? '') ? '<redacted>' : /\s/.test(word) ? `'${word}'` : word));
  return `${nice > 0 ? `nice -n ${nice} ` : ''}npx wirecheck ${words.join(' ')}`;
}

interface Summary {
  readonly exitCode: number;
  readonly totals: Record<string, number>;
  readonly checks: ReadonlyArray<{ id: string; level: string; outcome: string; reason?: string; transcript?: string }>;
}

/** Runs in flight, so an interrupted bench stops them (their process groups). */
const inFlight = new Set<ChildProcess>();

async function runOne(plan: RunPlan, dir: string, options: { nice: number; runTimeoutSec: number; log: (line: string) => void }): Promise<RunFigures> {
  const reportDir = join(dir, 'report');
  mkdirSync(dir, { recursive: true });
  let prepared: Prepared;
  try {
    prepared = await plan.prepare(dir, options.nice);
  } catch (error) {
    const problem = `its target did not start: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`;
    options.log(`under-load: ${plan.name}: ${problem}`);
    return { name: plan.name, command: '', exitCode: null, signal: null, timedOut: false, wallSec: 0, failed: [], errors: [], reportDir, problem, held: false };
  }
  const command = shownCommand(prepared.args, options.nice);
  const args = [...prepared.args, '--report-dir', reportDir];
  const stdoutPath = join(dir, 'stdout.txt');
  const stderrPath = join(dir, 'stderr.txt');
  const out = openSync(stdoutPath, 'w');
  const err = openSync(stderrPath, 'w');
  const started = process.hrtime.bigint();
  let timedOut = false;
  let exit: { code: number | null; signal: string | null };
  try {
    const child = spawnInGroup(process.execPath, [WIRECHECK, ...args], { cwd: ROOT, env: childEnv(prepared.env), stdio: ['ignore', out, err], nice: options.nice });
    inFlight.add(child);
    const timer = setTimeout(() => {
      timedOut = true;
      void stopGroup(child, 15_000);
    }, options.runTimeoutSec * 1000);
    exit = await new Promise((resolve) => {
      child.once('exit', (code, signal) => resolve({ code, signal }));
      child.once('error', (error) => resolve({ code: null, signal: `could not be spawned: ${error.message}` }));
    });
    clearTimeout(timer);
    // What it started in its group (a vitest fork, a reference) goes with it.
    await stopGroup(child, 0);
    inFlight.delete(child);
  } finally {
    closeSync(out);
    closeSync(err);
    await prepared.stop();
  }
  const wallSec = round3(Number(process.hrtime.bigint() - started) / 1e9);
  const stdout = readFileSync(stdoutPath, 'utf8');
  const stderr = readFileSync(stderrPath, 'utf8');
  const machineLine = stdout.split('\n').find((line) => /^machine( busy)?:/.test(line));
  const summaryPath = join(reportDir, 'summary.json');
  const summary = existsSync(summaryPath) ? JSON.parse(readFileSync(summaryPath, 'utf8')) as Summary : undefined;
  const note = (c: Summary['checks'][number]): CheckNote => ({
    id: c.id, level: c.level, reason: c.reason ?? '',
    ...(c.transcript && existsSync(join(reportDir, c.transcript)) ? { transcript: join(reportDir, c.transcript) } : {}),
  });
  const failed = (summary?.checks ?? []).filter((c) => c.outcome === 'failed').map(note);
  const errors = (summary?.checks ?? []).filter((c) => c.outcome === 'error').map(note);
  const figures: RunFigures = {
    name: plan.name, command, exitCode: exit.code, signal: exit.signal, timedOut, wallSec,
    ...(prepared.targetStartSec !== undefined ? { targetStartSec: prepared.targetStartSec } : {}),
    ...(prepared.targetStartRetries ? { targetStartRetries: prepared.targetStartRetries } : {}),
    ...(summary ? { totals: summary.totals } : {}),
    failed, errors,
    ...(machineLine ? { machineLine } : {}),
    reportDir,
    ...(exit.code === 0 || exit.code === 1 || exit.code === 4 ? {} : { stderrTail: stderr.slice(-4000) }),
    held: false,
  };
  options.log(`under-load: ${plan.name}: exit ${exit.code ?? exit.signal}${timedOut ? ' (killed at --run-timeout)' : ''} in ${wallSec} s; failed ${failed.length}, error ${errors.length}; ${machineLine ?? 'no machine line'}`);
  return figures;
}

function checkoutState(): RoundFigures['checkout'] {
  const git = (...args: string[]) => {
    try {
      return execFileSync('git', args, { cwd: ROOT, encoding: 'utf8' }).trim();
    } catch {
      return '';
    }
  };
  const dirty = git('status', '--porcelain', '--', 'harness', 'suites', 'reference-impl', 'bin', 'alternatives').split('\n').filter(Boolean).map((l) => l.trim());
  return { head: git('rev-parse', '--short', 'HEAD'), dirty };
}

/** One round: every plan, at once under load, one after another when quiet; held by the phase's rule. */
async function runRound(round: number, phase: 'load' | 'quiet', options: { nice: number; runTimeoutSec: number; reportsDir: string; log: (line: string) => void }): Promise<RoundFigures> {
  const before = loadAverage();
  const checkout = checkoutState();
  const startedAt = new Date().toISOString();
  let max1m = before[0];
  const sampler = setInterval(() => { max1m = Math.max(max1m, round2(loadavg()[0] ?? 0)); }, 5_000);
  options.log(`under-load: round ${round} (${phase}) starts at load ${before.join(' ')}, checkout ${checkout.head}${checkout.dirty.length ? ` with ${checkout.dirty.length} uncommitted file(s) in the harness's folders` : ''}`);
  const started = process.hrtime.bigint();
  const dirOf = (name: string) => join(options.reportsDir, `round-${round}-${phase}`, name.replace('/', '-'));
  // Under load, side by side (several wirecheck runs at once are part of the load); on the
  // quiet machine one after another, each alone.
  const results: RunFigures[] = [];
  if (phase === 'load') results.push(...await Promise.all(plans().map((plan) => runOne(plan, dirOf(plan.name), options))));
  else for (const plan of plans()) results.push(await runOne(plan, dirOf(plan.name), options));
  clearInterval(sampler);
  const runs = results.map((r) => ({ ...r, held: r.problem === undefined && (phase === 'quiet' ? r.exitCode === 0 : (r.exitCode === 0 || r.exitCode === 4) && r.totals?.['failed'] === 0) }));
  const figures: RoundFigures = {
    round, phase, startedAt, wallSec: round3(Number(process.hrtime.bigint() - started) / 1e9),
    load: { before, after: loadAverage(), max1m }, checkout, runs,
    failedChecks: runs.reduce((n, r) => n + r.failed.length, 0),
    errorChecks: runs.reduce((n, r) => n + r.errors.length, 0),
    held: runs.every((r) => r.held),
  };
  options.log(`under-load: round ${round} (${phase}) ${figures.held ? 'held' : 'DID NOT HOLD'} in ${figures.wallSec} s: failed ${figures.failedChecks}, error ${figures.errorChecks} (load max ${max1m})`);
  return figures;
}

/** Copies the transcript of every failed or error check to <reports>/evidence/, so it survives the report dirs. */
function keepEvidence(rounds: readonly RoundFigures[], reportsDir: string): void {
  const evidence = join(reportsDir, 'evidence');
  for (const round of rounds) {
    for (const run of round.runs) {
      for (const check of [...run.failed, ...run.errors]) {
        if (!check.transcript) continue;
        mkdirSync(evidence, { recursive: true });
        copyFileSync(check.transcript, join(evidence, `round-${round.round}-${round.phase}-${run.name.replace('/', '-')}-${check.id}.txt`));
      }
    }
  }
}

export interface UnderLoadOptions {
  readonly loops: number;
  readonly spawners: number;
  readonly rounds: number;
  readonly nice: number;
  readonly quiet: boolean;
  readonly underLoad: boolean;
  readonly quietWaitMin: number;
  readonly noWait: boolean;
  readonly runTimeoutSec: number;
  readonly reportsDir: string;
  readonly log?: (line: string) => void;
}

export async function runUnderLoad(options: UnderLoadOptions): Promise<BenchOutcome<UnderLoadFigures>> {
  const log = options.log ?? defaultLog;
  const common = { nice: options.nice, runTimeoutSec: options.runTimeoutSec, reportsDir: options.reportsDir, log };
  mkdirSync(options.reportsDir, { recursive: true });
  log(`under-load: report dirs under ${options.reportsDir}`);
  const rounds: RoundFigures[] = [];
  let load: MachineLoad | undefined;
  // Whatever ends the bench (Ctrl-C, SIGTERM, an exception), the load and the runs go.
  installSignalCleanup((text) => process.stderr.write(text));
  const unregister = onCleanup(async () => {
    await load?.stop();
    await Promise.all([...inFlight].map((child) => stopGroup(child, 10_000)));
  }, () => {
    load?.killNow();
    for (const child of inFlight) if (child.pid) try { process.kill(-child.pid, 'SIGKILL'); } catch { /* gone */ }
  });
  let quietWait: QuietWait | undefined;
  try {
    if (options.underLoad && options.rounds > 0) {
      load = startLoad({ loops: options.loops, spawners: options.spawners });
      log(`under-load: load started: ${options.loops} busy loops, ${options.spawners} spawners of \`node -e 0\` (process groups ${load.groups.join(' ')}); the runs and their targets under nice -n ${options.nice}`);
      try {
        for (let round = 1; round <= options.rounds; round++) rounds.push(await runRound(round, 'load', common));
      } finally {
        await load.stop();
        load = undefined;
        log('under-load: load stopped');
      }
    }
    if (options.quiet) {
      if (!options.noWait) quietWait = await waitForQuietMachine({ maxMs: options.quietWaitMin * 60_000, log });
      rounds.push(await runRound(rounds.length + 1, 'quiet', common));
    }
  } finally {
    unregister();
    keepEvidence(rounds, options.reportsDir);
  }
  const underLoad = rounds.filter((r) => r.phase === 'load');
  const quiet = rounds.filter((r) => r.phase === 'quiet');
  const figures: UnderLoadFigures = {
    loops: options.loops, spawners: options.spawners, nice: options.nice, roundsAsked: options.rounds, rounds,
    ...(quietWait ? { quietWait } : {}),
    errorChecksUnderLoad: underLoad.reduce((n, r) => n + r.errorChecks, 0),
    errorChecksQuiet: quiet.reduce((n, r) => n + r.errorChecks, 0),
    failedChecks: rounds.reduce((n, r) => n + r.failedChecks, 0),
    reportsDir: options.reportsDir,
    root: ROOT,
  };
  const problems = rounds.flatMap((r) => r.runs.filter((run) => !run.held).map((run) => {
    const what = run.problem ?? `exit ${run.exitCode ?? run.signal}${run.timedOut ? ' (killed at --run-timeout)' : ''}, failed ${run.failed.map((c) => c.id).join(', ') || 0}`;
    return `round ${r.round} (${r.phase}) ${run.name}: ${what}`;
  }));
  process.stdout.write(`${underLoadMarkdown(figures)}\n`);
  return { figures, ok: problems.length === 0, problems };
}

/** The first line of a reason, for the table. */
function firstLine(reason: string): string {
  const line = reason.split('\n')[0] ?? '';
  return line.length > 240 ? `${line.slice(0, 240)}…` : line;
}

const cell = (text: string) => text.replaceAll('|', '\\|');

/** The README's table: a row per round and run. */
export function underLoadMarkdown(f: UnderLoadFigures): string {
  const lines = ['| round | run | exit | failed | error | checks that ended error (first line of the reason) | wall | machine line |', '|---|---|---|---|---|---|---|---|'];
  for (const r of f.rounds) {
    for (const run of r.runs) {
      const exit = run.problem ? `— (${run.problem})` : `${run.exitCode ?? run.signal}${run.timedOut ? ' (timed out)' : ''}`;
      const failed = run.failed.length ? `**${run.failed.length}**: ${run.failed.map((c) => `${c.id} (${firstLine(c.reason)})`).join('; ')}` : '0';
      const errors = run.errors.map((c) => `${c.id}: ${firstLine(c.reason)}`).join('<br>') || '—';
      lines.push(`| ${r.round} (${r.phase === 'load' ? 'load' : 'quiet'}) | ${run.name} | ${exit} | ${cell(failed)} | ${run.errors.length} | ${cell(errors)} | ${run.wallSec} s | ${cell(run.machineLine ?? '—')} |`);
    }
    lines.push(`| ${r.round} | **round ${r.held ? 'held' : 'did not hold'}** | | ${r.failedChecks} | ${r.errorChecks} | load ${r.load.before[0]} → ${r.load.after[0]} (max ${r.load.max1m}) | ${r.wallSec} s | |`);
  }
  return lines.join('\n');
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  await benchMain('under-load', {
    loops: { type: 'string', default: '16' },
    spawners: { type: 'string', default: '4' },
    rounds: { type: 'string', default: '3' },
    nice: { type: 'string', default: '15' },
    'quiet-only': { type: 'boolean', default: false },
    'no-quiet': { type: 'boolean', default: false },
    'quiet-wait': { type: 'string', default: '20' },
    'run-timeout': { type: 'string', default: '5400' },
    reports: { type: 'string', default: join(tmpdir(), 'under-load-reports', stamp) },
  }, (args) => {
    const nice = intArg(args, 'nice');
    if (nice > 19) throw new Error(`--nice must be from 0 to 19, got ${nice}`);
    if (args.values['quiet-only'] && args.values['no-quiet']) throw new Error('--quiet-only and --no-quiet leave nothing to run');
    return runUnderLoad({
      loops: intArg(args, 'loops'), spawners: intArg(args, 'spawners'), rounds: intArg(args, 'rounds'), nice,
      quiet: !args.values['no-quiet'], underLoad: !args.values['quiet-only'],
      quietWaitMin: intArg(args, 'quiet-wait'), noWait: args.values['no-wait'] === true,
      runTimeoutSec: intArg(args, 'run-timeout'), reportsDir: String(args.values['reports']), log: args.log,
    });
  }, { quietFirst: false });
}
