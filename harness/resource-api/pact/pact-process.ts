// Runs pact-main.ts as a child process (see there why) and returns its result with
// everything Pact printed on the way.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { responseBudget } from '../../http/response-budget.ts';
import { targetTraffic } from '../../http/target-traffic.ts';
import { tsxNodeArgs } from '../../project-paths.ts';
import { scaledLimit, scaledNote } from '../../target/machine-pace.ts';
import { tellingLines } from '../../target/managed-process.ts';
import { RESULT_MARKER, type PactRunInput, type PactRunResult } from './pact-protocol.ts';

export interface PactRun extends PactRunResult {
  /** What Pact printed: its verification report, and any log lines. */
  readonly output: string;
}

const ENTRY = fileURLToPath(new URL('./pact-main.ts', import.meta.url));

/** The Pact process's own limit; the check's (30 s, both stretched for a busy machine) usually comes first. */
const PACT_LIMIT_MS = 60_000;

function resultOf(stdout: string, stderr: string, code: number | null, killedAtMs?: number): PactRun {
  const at = stdout.lastIndexOf(`${RESULT_MARKER} `);
  const output = `${at < 0 ? stdout : stdout.slice(0, at)}${stderr}`.trim();
  if (at < 0) {
    // Without its result line the process itself failed (a module it could not load, a crash) or was stopped: the harness's trouble.
    const why = killedAtMs === undefined ? `ended (exit ${code}) without a result${stderr ? `: ${tellingLines(stderr)}` : ''}` : `was stopped at its limit of ${killedAtMs / 1000} s${scaledNote()}`;
    return { verified: false, passed: false, mismatches: [], transcript: '', output, error: `the Pact process ${why}`, harnessError: true };
  }
  return { ...(JSON.parse(stdout.slice(at + RESULT_MARKER.length + 1).split('\n')[0] ?? '{}') as PactRunResult), output };
}

export function runPact(input: PactRunInput, options: { timeoutMs?: number; env?: NodeJS.ProcessEnv; onSpawn?: (pid: number) => void } = {}): Promise<PactRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, tsxNodeArgs(ENTRY), { stdio: ['pipe', 'pipe', 'pipe'], ...(options.env ? { env: options.env } : {}) });
    if (child.pid !== undefined) options.onSpawn?.(child.pid);
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => { stdout += chunk.toString('utf8'); });
    child.stderr.on('data', (chunk: Buffer) => { stderr += chunk.toString('utf8'); });
    const limitMs = options.timeoutMs ?? scaledLimit(PACT_LIMIT_MS);
    let killed = false;
    const timer = setTimeout(() => { killed = true; child.kill('SIGKILL'); }, limitMs);
    child.once('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.once('close', (code) => {
      clearTimeout(timer);
      resolve(resultOf(stdout, stderr, code, killed ? limitMs : undefined));
    });
    // The input is one line; stdin then stays open, and its end tells the child that this
    // process is gone — also when a check's time limit ended it with a signal — so the
    // Pact process never outlives the run.
    child.stdin.on('error', () => {});
    child.stdin.write(`${JSON.stringify({ maxResponseBytes: responseBudget(), traffic: targetTraffic(), ...input })}\n`);
  });
}
