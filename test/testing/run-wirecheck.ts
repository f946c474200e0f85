// Runs the real `wirecheck` executable as a child process, as users and CI do, and
// reads what it left behind.
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

export const PROJECT_ROOT = resolve(import.meta.dirname, '..', '..');
export const WIRECHECK_BIN = join(PROJECT_ROOT, 'bin', 'wirecheck.js');

export interface SummaryCheck {
  id: string;
  system: string;
  level: string;
  outcome: 'passed' | 'failed' | 'warned' | 'skipped' | 'info';
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

/** Environment of the child: the test's own, with DATABASE_URL only when asked for. */
function childEnv(extra: Record<string, string | undefined>): NodeJS.ProcessEnv {
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
  return new Promise((done) => {
    const child = execFile(process.execPath, [WIRECHECK_BIN, ...fullArgs], {
      cwd: options.cwd ?? PROJECT_ROOT,
      env: childEnv(options.env ?? {}),
      timeout: options.timeoutMs ?? 240_000,
      maxBuffer: 64 * 1024 * 1024,
    }, (error, stdout, stderr) => {
      const exitCode = error ? (typeof error.code === 'number' ? error.code : -1) : 0;
      const summaryFile = join(reportDir, 'summary.json');
      const summary = existsSync(summaryFile) ? (JSON.parse(readFileSync(summaryFile, 'utf8')) as Summary) : undefined;
      done({ exitCode, stdout, stderr, reportDir, ...(summary ? { summary } : {}) });
    });
    if (options.onStdout) child.stdout?.on('data', (chunk: Buffer) => options.onStdout?.(chunk.toString()));
  });
}

export function outcomesById(summary: Summary | undefined): Map<string, SummaryCheck> {
  return new Map((summary?.checks ?? []).map((c) => [c.id, c]));
}
