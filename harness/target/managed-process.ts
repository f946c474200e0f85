// A server the harness runs as a child process: started on a free loopback port,
// ready once its health URL answers, its output captured to a log file, stopped with
// SIGTERM (then SIGKILL) — also when the harness itself is interrupted.
import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { ERROR_CODES, HarnessLimitError, WirecheckError } from '../errors.ts';
import { ownProcessFetch } from '../http/own-process-fetch.ts';
import { onCleanup } from './cleanup.ts';
import { BUSY_MACHINE_ADVICE, scaledLimit, scaledNote } from './machine-pace.ts';

export interface ProcessSpec {
  /** Shown in messages: "webhook reference". */
  readonly label: string;
  readonly command: string;
  readonly args: readonly string[];
  readonly env: Readonly<Record<string, string>>;
  readonly cwd?: string;
  readonly logFile: string;
  /** Polled until it answers with a status below 500. */
  readonly healthUrl: string;
  readonly startTimeoutMs?: number;
}

export interface ManagedProcess {
  readonly pid: number;
  stop(): Promise<void>;
  /** SIGKILL, no goodbye: for crash tests. */
  kill(): Promise<void>;
  logTail(lines?: number): string;
  exited(): boolean;
}

const TAIL_LINES = 40;

type Stream = 'stdout' | 'stderr';

interface Captured {
  /** The last lines of its output (of one stream, or of both as they arrived), blank ones left out. */
  tail(stream?: Stream): string[];
  /** Settles once its stdout and stderr are read to their end (a process that exited may still have output in the pipes). */
  readonly drained: Promise<void>;
}

const KEPT_LINES = 200;

function captureOutput(child: ChildProcess, logFile: string): Captured {
  mkdirSync(dirname(logFile), { recursive: true });
  const log = createWriteStream(logFile, { flags: 'a' });
  const both: string[] = [];
  const own: Record<Stream, string[]> = { stdout: [], stderr: [] };
  // Per stream: a chunk may end inside a line, and stdout's and stderr's must not be spliced.
  const partial: Record<Stream, string> = { stdout: '', stderr: '' };
  const keep = (stream: Stream, line: string) => {
    if (!line.trim()) return;
    for (const lines of [both, own[stream]]) {
      lines.push(line);
      if (lines.length > KEPT_LINES) lines.splice(0, lines.length - KEPT_LINES);
    }
  };
  const take = (stream: Stream) => (chunk: Buffer) => {
    log.write(chunk);
    const parts = `${partial[stream]}${chunk.toString('utf8')}`.split('\n');
    partial[stream] = parts.pop() ?? '';
    for (const line of parts) keep(stream, line);
  };
  child.stdout?.on('data', take('stdout'));
  child.stderr?.on('data', take('stderr'));
  const drained = new Promise<void>((resolve) => child.once('close', () => {
    for (const stream of ['stdout', 'stderr'] as const) keep(stream, partial[stream]);
    partial.stdout = partial.stderr = '';
    log.end();
    resolve();
  }));
  const unfinished = (streams: readonly Stream[]) => streams.map((s) => partial[s]).filter((line) => line.trim());
  return {
    tail: (stream) => (stream ? [...own[stream], ...unfinished([stream])] : [...both, ...unfinished(['stdout', 'stderr'])]),
    drained,
  };
}

async function healthy(url: string): Promise<boolean> {
  try {
    const response = await ownProcessFetch(url, { signal: AbortSignal.timeout(scaledLimit(1_000)) });
    await response.body?.cancel();
    return response.status < 500;
  } catch {
    return false;
  }
}

function waitForExit(child: ChildProcess, ms: number): Promise<boolean> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(true);
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), ms);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve(true);
    });
  });
}

export async function startManagedProcess(spec: ProcessSpec): Promise<ManagedProcess> {
  const child = spawn(spec.command, [...spec.args], {
    cwd: spec.cwd,
    env: { ...spec.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output = captureOutput(child, spec.logFile);
  const isGone = () => child.exitCode !== null || child.signalCode !== null;
  const logTail = (lines = TAIL_LINES) => output.tail().slice(-lines).join('\n');
  const stop = async () => {
    unregister();
    if (isGone()) return;
    child.kill('SIGTERM');
    if (!(await waitForExit(child, 5_000))) {
      child.kill('SIGKILL');
      await waitForExit(child, 5_000);
    }
  };
  const unregister = onCleanup(stop, () => { if (!isGone()) child.kill('SIGKILL'); });
  const handle: ManagedProcess = {
    pid: child.pid ?? 0,
    stop,
    async kill() {
      unregister();
      if (!isGone()) child.kill('SIGKILL');
      await waitForExit(child, 5_000);
    },
    logTail,
    exited: isGone,
  };
  await waitUntilReady(spec, handle, child, output);
  return handle;
}

async function waitUntilReady(spec: ProcessSpec, handle: ManagedProcess, child: ChildProcess, output: Captured): Promise<void> {
  const { drained } = output;
  // The harness's own limit on its helper's start-up: stretched for a busy machine.
  const started = Date.now();
  const limitMs = () => scaledLimit(spec.startTimeoutMs ?? 30_000);
  let spawnError: Error | undefined;
  child.once('error', (error) => { spawnError = error; });
  while (Date.now() - started < limitMs()) {
    if (spawnError || handle.exited()) {
      const why = spawnError ? `could not be spawned (${spawnError.message})` : `exited with ${child.exitCode ?? child.signalCode} before it was ready`;
      // What it wrote last may still be in the pipes when its exit is seen.
      if (!spawnError) await Promise.race([drained, sleep(2_000)]);
      throw new WirecheckError(ERROR_CODES.referenceStart, startFailure(spec, why, handle.logTail(), output.tail('stderr')));
    }
    if (await healthy(spec.healthUrl)) return;
    await sleep(50);
  }
  await handle.stop();
  await Promise.race([drained, sleep(2_000)]);
  // Still starting when the limit ran out, not exited: the harness's limit, not a set-up mistake.
  throw new HarnessLimitError(ERROR_CODES.referenceStart,
    startFailure(spec, `did not become ready within ${limitMs() / 1000} s${scaledNote()} (${spec.healthUrl})`, handle.logTail(), output.tail('stderr')), BUSY_MACHINE_ADVICE);
}

/** Stack frames, Node's banner around an uncaught error and its warnings, lone brackets: lines that say nothing of the cause. */
const NOISE = /^\s*(?:at\s.*|node:internal\/\S+|triggerUncaughtException\(|\^+|[{}[\]()]+,?|Node\.js v\d\S*|\(node:\d+\) .*|\(Use `node --trace-\S+ \.\.\.` to show where the warning was created\))\s*$/;
const TELLING_LINES = 3;
const TELLING_CHARS = 600;

/** The last lines of a log that say something, on one line: the first line of an error is all many readers show. */
export function tellingLines(tail: string): string {
  const lines = tail.split('\n').filter((line) => line.trim() && !NOISE.test(line)).slice(-TELLING_LINES).map((line) => line.trim());
  const text = lines.join(' | ');
  return text.length > TELLING_CHARS ? `…${text.slice(-TELLING_CHARS)}` : text;
}

/**
 * One line saying why and what its log ends with — its stderr's last telling lines where
 * it wrote any (stdout's progress may arrive after them), else the log's —, then the log's last lines.
 */
function startFailure(spec: ProcessSpec, why: string, tail: string, stderr: readonly string[]): string {
  const telling = tellingLines(stderr.join('\n')) || tellingLines(tail);
  return `${spec.label} ${why}; ${telling ? `its log ends: ${telling}` : 'it wrote nothing'} (log: ${spec.logFile}).\nLast lines of its log:\n${indent(tail)}`;
}

function indent(text: string): string {
  return text ? text.split('\n').map((line) => `    ${line}`).join('\n') : '    (no output)';
}
