// A server the harness runs as a child process: started on a free loopback port,
// ready once its health URL answers, its output captured to a log file, stopped with
// SIGTERM (then SIGKILL) — also when the harness itself is interrupted.
import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { ERROR_CODES, WirecheckError } from '../errors.ts';
import { onCleanup } from './cleanup.ts';

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

function captureOutput(child: ChildProcess, logFile: string): () => string[] {
  mkdirSync(dirname(logFile), { recursive: true });
  const log = createWriteStream(logFile, { flags: 'a' });
  const tail: string[] = [];
  const take = (chunk: Buffer) => {
    log.write(chunk);
    for (const line of chunk.toString('utf8').split('\n')) if (line.trim()) tail.push(line);
    if (tail.length > 200) tail.splice(0, tail.length - 200);
  };
  child.stdout?.on('data', take);
  child.stderr?.on('data', take);
  child.once('exit', () => log.end());
  return () => tail;
}

async function healthy(url: string): Promise<boolean> {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(1_000) });
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
  const tail = captureOutput(child, spec.logFile);
  const isGone = () => child.exitCode !== null || child.signalCode !== null;
  const logTail = (lines = TAIL_LINES) => tail().slice(-lines).join('\n');
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
  await waitUntilReady(spec, handle, child);
  return handle;
}

async function waitUntilReady(spec: ProcessSpec, handle: ManagedProcess, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + (spec.startTimeoutMs ?? 30_000);
  let spawnError: Error | undefined;
  child.once('error', (error) => { spawnError = error; });
  while (Date.now() < deadline) {
    if (spawnError || handle.exited()) {
      const why = spawnError ? `could not be spawned (${spawnError.message})` : `exited with ${child.exitCode ?? child.signalCode} before it was ready`;
      throw new WirecheckError(ERROR_CODES.referenceStart,
        `${spec.label} ${why}. Last lines of its log (${spec.logFile}):\n${indent(handle.logTail())}`);
    }
    if (await healthy(spec.healthUrl)) return;
    await sleep(50);
  }
  await handle.stop();
  throw new WirecheckError(ERROR_CODES.referenceStart,
    `${spec.label} did not become ready within ${(spec.startTimeoutMs ?? 30_000) / 1000} s (${spec.healthUrl}). Last lines of its log (${spec.logFile}):\n${indent(handle.logTail())}`);
}

function indent(text: string): string {
  return text ? text.split('\n').map((line) => `    ${line}`).join('\n') : '    (no output)';
}
