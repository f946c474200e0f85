// The server command (--server-cmd, or the reference's own CLI) run as a child process
// in a form of CONTRACTS §1 (`--version`, `driver list --installed --json`, ...), with
// a throwaway extension home, a time limit, and its output in the check's transcript.
import { spawn } from 'node:child_process';
import { BUSY_MACHINE_ADVICE, HarnessError } from '../checks/harness-error.ts';
import { scaledLimit, scaledNote } from '../target/machine-pace.ts';
import type { Transcript } from '../http/index.ts';
import type { DeviceServerTarget } from './device-server-target.ts';

export interface CliRun {
  readonly args: readonly string[];
  /** Exit code; null when killed (time limit) or ended by a signal. */
  readonly code: number | null;
  readonly timedOut: boolean;
  readonly stdout: string;
  readonly stderr: string;
  /** stdout then stderr, terminal colours removed: what a person would read. */
  readonly output: string;
}

export interface CliOptions {
  /** The extension home for this run; absent: the variable is not set (the command's default home). */
  readonly home?: string;
  readonly cwd?: string;
  readonly timeoutMs?: number;
  readonly transcript?: Transcript;
  /** Changes to the command's environment; undefined removes a variable. */
  readonly env?: Readonly<Record<string, string | undefined>>;
}

const ANSI = new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*[A-Za-z]`, 'g');
const SHOWN = 3000;

export function stripAnsi(text: string): string {
  return text.replace(ANSI, '');
}

export function serverCommandOf(target: DeviceServerTarget): readonly string[] {
  if (!target.serverCommand || target.serverCommand.length === 0) throw new Error('this check needs the server command (--server-cmd)');
  return target.serverCommand;
}

/** The environment of a server-command process: the target's, with the home variable set to `home`. */
export function commandEnv(target: DeviceServerTarget, home: string | undefined): Record<string, string> {
  return { ...target.commandEnv, ...(home ? { [target.homeEnv]: home } : {}) };
}

function clip(text: string): string {
  return text.length > SHOWN ? `${text.slice(0, SHOWN)}… [${text.length - SHOWN} characters cut]` : text;
}

export function describeRun(run: CliRun): string {
  const how = run.timedOut ? 'killed at the time limit' : `exit ${run.code ?? 'by signal'}`;
  return `\`${run.args.join(' ')}\` → ${how}`;
}

/** `env` with `changes` applied: a value sets a variable, undefined removes it. */
export function withChanges(env: Record<string, string>, changes: CliOptions['env'] = {}): Record<string, string> {
  const out = { ...env };
  for (const [name, value] of Object.entries(changes)) {
    if (value === undefined) delete out[name];
    else out[name] = value;
  }
  return out;
}

export async function runCli(target: DeviceServerTarget, args: readonly string[], options: CliOptions = {}): Promise<CliRun> {
  const [command = '', ...rest] = serverCommandOf(target);
  const child = spawn(command, [...rest, ...args], { env: withChanges(commandEnv(target, options.home), options.env), cwd: options.cwd, stdio: ['ignore', 'pipe', 'pipe'] });
  const out: Buffer[] = [];
  const err: Buffer[] = [];
  child.stdout.on('data', (chunk: Buffer) => out.push(chunk));
  child.stderr.on('data', (chunk: Buffer) => err.push(chunk));
  let timedOut = false;
  // The harness's own limit on the command, stretched for a busy machine.
  const limitMs = scaledLimit(options.timeoutMs ?? 60_000);
  const timer = setTimeout(() => {
    timedOut = true;
    child.kill('SIGKILL');
  }, limitMs);
  const code = await new Promise<number | null>((resolve) => {
    child.once('error', (error) => {
      err.push(Buffer.from(`could not run ${command}: ${error.message}\n`));
      resolve(null);
    });
    child.once('close', (exitCode) => resolve(exitCode));
  }).finally(() => clearTimeout(timer));
  const stdout = Buffer.concat(out).toString('utf8');
  const stderr = Buffer.concat(err).toString('utf8');
  const run: CliRun = { args, code, timedOut, stdout, stderr, output: stripAnsi(`${stdout}\n${stderr}`).trim() };
  options.transcript?.note(
    `$ ${[command, ...rest, ...args].join(' ')}${options.home ? `   (${target.homeEnv}=${options.home})` : ''}\n`
      + `${describeRun(run)}\nstdout: ${clip(stripAnsi(stdout)) || '(empty)'}\nstderr: ${clip(stripAnsi(stderr)) || '(empty)'}`,
  );
  // Killed at a limit of the harness's own, not the spec's: no finding about the target.
  if (timedOut) throw new HarnessError('limit', `\`${[command, ...rest, ...args].join(' ')}\` did not finish within ${limitMs / 1000} s${scaledNote()}`, BUSY_MACHINE_ADVICE);
  return run;
}

/** check() options of the checks that run the server command: installs and starts take seconds each. */
export const SERVER_COMMAND_TIMEOUT = { timeout: 120_000 } as const;

