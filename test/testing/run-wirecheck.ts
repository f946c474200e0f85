// Runs the real `wirecheck` executable as a child process, as users and CI do, and
// reads what it left behind.
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import { join, resolve } from 'node:path';
import { assertSummaryMatchesSchema } from './summary-schema.ts';

export const PROJECT_ROOT = resolve(import.meta.dirname, '..', '..');
export const WIRECHECK_BIN = join(PROJECT_ROOT, 'bin', 'wirecheck.js');

export interface SummaryCheck {
  id: string;
  system: string;
  level: string;
  outcome: 'passed' | 'failed' | 'warned' | 'skipped' | 'info' | 'error';
  title: string;
  clause: string;
  reason?: string;
  observed?: string;
  transcript?: string;
  reproduce?: string;
  durationMs: number;
}

export interface Summary {
  schema: string;
  systems: string[];
  target: { kind: string; baseUrl: string };
  startedAt: string;
  durationMs: number;
  seed: number;
  exitCode: number;
  totals: Record<string, number>;
  checks: SummaryCheck[];
}

export interface WirecheckRun {
  readonly exitCode: number;
  readonly stdout: string;
  readonly stderr: string;
  readonly reportDir: string;
  readonly summary?: Summary;
}

/** Environment of a wirecheck child: the caller's own, with DATABASE_URL and WEBHOOK_SECRET only when asked for; `undefined` in `extra` removes a variable. */
export function childEnv(extra: Record<string, string | undefined>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, NO_COLOR: '1' };
  delete env['DATABASE_URL'];
  delete env['WEBHOOK_SECRET'];
  for (const [key, value] of Object.entries(extra)) {
    if (value === undefined) delete env[key];
    else env[key] = value;
  }
  return env;
}

export interface RunOptions {
  env?: Record<string, string | undefined>;
  timeoutMs?: number;
  /** The directory it runs in (default the project root): where it looks for wirecheck.config.*. */
  cwd?: string;
  /** Each chunk of stdout as it comes, to act while the run goes on. */
  onStdout?: (chunk: string) => void;
}

export function runWirecheck(args: readonly string[], options: RunOptions = {}): Promise<WirecheckRun> {
  const reportDir = args.includes('--report-dir') ? (args[args.indexOf('--report-dir') + 1] ?? '') : mkdtempSync(join(tmpdir(), 'wirecheck-selftest-'));
  const fullArgs = args[0] === 'run' && !args.includes('--report-dir') ? [...args, '--report-dir', reportDir] : [...args];
  return new Promise((done, fail) => {
    const child = execFile(process.execPath, [WIRECHECK_BIN, ...fullArgs], {
      cwd: options.cwd ?? PROJECT_ROOT,
      env: childEnv(options.env ?? {}),
      timeout: options.timeoutMs ?? RUN_LIMIT_MS,
      maxBuffer: 64 * 1024 * 1024,
    }, (error, stdout, stderr) => {
      const exitCode = error ? (typeof error.code === 'number' ? error.code : -1) : 0;
      const summaryFile = join(reportDir, 'summary.json');
      const summary = existsSync(summaryFile) ? (JSON.parse(readFileSync(summaryFile, 'utf8')) as Summary) : undefined;
      // Every run a test makes proves summary.json is what docs/summary.schema.json publishes.
      try {
        if (summary) assertSummaryMatchesSchema(summary, `${summaryFile} (wirecheck ${fullArgs.slice(0, 2).join(' ')})`);
      } catch (invalid) {
        fail(invalid);
        return;
      }
      done({ exitCode, stdout, stderr, reportDir, ...(summary ? { summary } : {}) });
    });
    if (options.onStdout) child.stdout?.on('data', (chunk: Buffer) => options.onStdout?.(chunk.toString()));
  });
}

export function outcomesById(summary: Summary | undefined): Map<string, SummaryCheck> {
  return new Map((summary?.checks ?? []).map((c) => [c.id, c]));
}

/**
 * How long a test lets one wirecheck run take: the harness stretches its own limits up to
 * ten times on a busy machine (machine-pace.ts), and the certification tests run several
 * at once on two cores, so this leaves room for a run several times its quiet length.
 */
export const RUN_LIMIT_MS = 480_000;

/** Runs of the certification tests that end inconclusive (exit 4) are run again this many times at most… */
const AGAIN_WHEN_INCONCLUSIVE = 2;
/** …each once the one-minute load per core is below this, or this long has passed. */
const CALMER_LOAD_PER_CORE = 2;
const CALMER_WAIT_MS = 180_000;

/** Waits, up to CALMER_WAIT_MS, for the test run's own load to drop before a run is made again: the same load would leave the same checks unjudged. */
async function calmerMachine(): Promise<void> {
  const until = Date.now() + CALMER_WAIT_MS;
  while (Date.now() < until && (loadavg()[0] ?? 0) / availableParallelism() >= CALMER_LOAD_PER_CORE) await sleep(5_000);
}

/**
 * A run that the harness could judge, for the tests that assert a verdict (the self-test,
 * the alternatives). Their runs load this machine (several at once beside the other test
 * files), and a check the harness could not judge (`error`,
 * exit 4: a limit of its own, a delay a busy machine explains) proves nothing either way:
 * the run is made again, as its verdict line says to, before its outcomes count.
 */
export async function judgedRun(args: readonly string[], options: RunOptions = {}): Promise<WirecheckRun> {
  let run = await runWirecheck(args, options);
  for (let again = 1; again <= AGAIN_WHEN_INCONCLUSIVE && run.summary?.checks.some((c) => c.outcome === 'error'); again++) {
    process.stderr.write(`wirecheck ${args.slice(0, 2).join(' ')} (its options not shown: they may hold a secret) ended with checks not judged (${run.summary.checks.filter((c) => c.outcome === 'error').map((c) => c.id).join(', ')}): run again (${again} of ${AGAIN_WHEN_INCONCLUSIVE}) once the machine is calmer\n`);
    await calmerMachine();
    run = await runWirecheck(args, options);
  }
  return run;
}

/**
 * What a correct target's run must show, for the false-alarm guards: no check failed or
 * warned, and every other check passed — except, on a machine the run itself found busy
 * (its `machine busy:` line), checks the busy machine left unjudged (`error`, exit 4),
 * which CONTRACTS §2 makes the honest outcome there. On a quiet machine: exit 0 only.
 */
export function notPassingOfCorrectTarget(run: WirecheckRun): string[] {
  const busy = /^machine busy: /m.test(run.stdout);
  const excused = (c: SummaryCheck) => busy && c.outcome === 'error' && /busy machine|less loaded machine/.test(c.reason ?? '');
  const notPassing = (run.summary?.checks ?? []).filter((c) => c.outcome !== 'passed' && c.outcome !== 'info' && !excused(c));
  if (run.exitCode !== 0 && !(run.exitCode === 4 && notPassing.length === 0)) return [`exit ${run.exitCode}`, ...notPassing.map((c) => `${c.id} ${c.outcome}: ${c.reason ?? ''}`)];
  if (run.exitCode === 4) process.stderr.write(`a correct target's run ended inconclusive on this busy machine (${(run.summary?.checks ?? []).filter(excused).map((c) => c.id).join(', ')}): no check failed, which is what this guard proves\n`);
  return notPassing.map((c) => `${c.id} ${c.outcome}: ${c.reason ?? ''}`);
}
