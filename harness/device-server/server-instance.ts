// Instances of the server under test that the harness starts itself through the server
// command (CONTRACTS §1: `CMD --address 127.0.0.1 --port N [--base-path=P] ...`), each
// on a free loopback port with a home of its own, logging into the report's logs/.
// startInstance: must come up (ready once `{base}status` answers); attemptStart: may be
// refused, and says whether it exited, with which code, and whether it ever served.
import { spawn } from 'node:child_process';
import { createWriteStream, mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { ownProcessFetch } from '../http/own-process-fetch.ts';
import { onCleanup } from '../target/cleanup.ts';
import { scaledLimit } from '../target/machine-pace.ts';
import { freePort } from '../target/free-port.ts';
import { startManagedProcess, type ManagedProcess } from '../target/managed-process.ts';
import type { DeviceServerTarget } from './device-server-target.ts';
import { type CliOptions, commandEnv, serverCommandOf, stripAnsi, withChanges } from './server-command.ts';

export interface InstanceSpec {
  /** Names the log file: logs/device-server-<label>-<port>.log. */
  readonly label: string;
  /** Flags after `--address 127.0.0.1 --port N`. */
  readonly flags?: readonly string[];
  readonly home: string;
  readonly cwd?: string;
  /** The base path the instance is started with, e.g. `/wd/hub` (for its URL). */
  readonly basePath?: string;
  /** false: no --address, the server's default bind address. */
  readonly address?: boolean;
  /** false: no --port (a config file gives it); `port` is then only where readiness is polled. */
  readonly portFlag?: boolean;
  /** Where readiness is polled when --address is not given (a config file's address); 127.0.0.1 by default. */
  readonly host?: string;
  readonly port?: number;
  /** Changes to the server command's environment; undefined removes a variable. */
  readonly env?: CliOptions['env'];
}

export interface ServerInstance {
  readonly baseUrl: string;
  readonly port: number;
  readonly logFile: string;
  /** The instance's output so far, terminal colours removed. */
  log(): string;
  stop(): Promise<void>;
}

function argvOf(target: DeviceServerTarget, spec: InstanceSpec, port: number): { command: string; args: string[] } {
  const [command = '', ...rest] = serverCommandOf(target);
  const address = spec.address === false ? [] : ['--address', '127.0.0.1'];
  const portFlag = spec.portFlag === false ? [] : ['--port', String(port)];
  return { command, args: [...rest, ...address, ...portFlag, ...(spec.flags ?? [])] };
}

const urlOf = (port: number, basePath = '', host = '127.0.0.1') => `http://${host}:${port}${basePath.replace(/\/+$/, '')}/`;
const logFileOf = (reportDir: string, label: string, port: number) => join(reportDir, 'logs', `device-server-${label}-${port}.log`);

export async function startInstance(target: DeviceServerTarget, reportDir: string, spec: InstanceSpec): Promise<ServerInstance> {
  const port = spec.port ?? (await freePort());
  const { command, args } = argvOf(target, spec, port);
  const baseUrl = urlOf(port, spec.basePath);
  const logFile = logFileOf(reportDir, spec.label, port);
  const process: ManagedProcess = await startManagedProcess({
    label: `device-server instance "${spec.label}" (${[command, ...args].join(' ')})`,
    command, args, env: withChanges(commandEnv(target, spec.home), spec.env), ...(spec.cwd ? { cwd: spec.cwd } : {}),
    logFile, healthUrl: `${baseUrl}status`, startTimeoutMs: 45_000,
  });
  return { baseUrl, port, logFile, log: () => stripAnsi(process.logTail(200)), stop: () => process.stop() };
}

export interface StartAttempt {
  /** The process ended within the time given. */
  readonly exited: boolean;
  readonly code: number | null;
  /** A port answered HTTP while it ran: it served (the port is in `servedOn`). */
  readonly servedOn?: number;
  readonly output: string;
  readonly command: string;
  /** Stops it if it still runs. */
  stop(): Promise<void>;
}

/** Whether anything answers HTTP at url within timeoutMs (any status). */
export async function answers(url: string, timeoutMs = 500): Promise<boolean> {
  try {
    const response = await ownProcessFetch(url, { signal: AbortSignal.timeout(timeoutMs) });
    await response.body?.cancel();
    return true;
  } catch {
    return false;
  }
}

interface Watched {
  readonly state: { code: number | null; exited: boolean };
  readonly ended: Promise<void>;
  output(): string;
  stop(): Promise<void>;
}

/** A child whose output goes to `logFile` and memory, stoppable (SIGTERM, then SIGKILL). */
function spawnWatched(command: string, args: readonly string[], env: Record<string, string>, cwd: string | undefined, logFile: string): Watched {
  mkdirSync(dirname(logFile), { recursive: true });
  const log = createWriteStream(logFile, { flags: 'a' });
  const chunks: Buffer[] = [];
  const child = spawn(command, [...args], { env, cwd, stdio: ['ignore', 'pipe', 'pipe'] });
  const take = (chunk: Buffer) => { chunks.push(chunk); log.write(chunk); };
  child.stdout.on('data', take);
  child.stderr.on('data', take);
  const state: Watched['state'] = { code: null, exited: false };
  const ended = new Promise<void>((resolve) => {
    child.once('error', (error) => { take(Buffer.from(`could not run ${command}: ${error.message}\n`)); state.exited = true; resolve(); });
    child.once('close', (exitCode) => { state.code = exitCode; state.exited = true; log.end(); resolve(); });
  });
  const unregister = onCleanup(() => stop(), () => { if (!state.exited) child.kill('SIGKILL'); });
  const stop = async () => {
    unregister();
    if (state.exited) return;
    child.kill('SIGTERM');
    await Promise.race([ended, sleep(5_000)]);
    if (!state.exited) child.kill('SIGKILL');
    await Promise.race([ended, sleep(5_000)]);
  };
  return { state, ended, stop, output: () => stripAnsi(Buffer.concat(chunks).toString('utf8')).trim() };
}

/**
 * Starts the server and watches it until it exits, serves on one of `watchPorts`
 * (default: its --port), or `timeoutMs` passes. A served instance keeps running
 * until `stop()`; the caller decides whether serving was right.
 */
/** Ports of the http:// URLs a server's output names (`listener started on http://127.0.0.1:4724/`). */
export function portsNamedIn(output: string): number[] {
  return [...new Set([...output.matchAll(/\bhttps?:\/\/[^\s/:]+:(\d{1,5})\b/g)].map((m) => Number(m[1])).filter((p) => p > 0 && p < 65536))];
}

export async function attemptStart(
  target: DeviceServerTarget, reportDir: string,
  spec: InstanceSpec & { watchPorts?: readonly number[]; timeoutMs?: number; /** Watch too the ports the output names in URLs, as it names them. */ watchOutputPorts?: boolean },
): Promise<StartAttempt> {
  const port = spec.port ?? (await freePort());
  const { command, args } = argvOf(target, spec, port);
  const watched = spawnWatched(command, args, withChanges(commandEnv(target, spec.home), spec.env), spec.cwd, logFileOf(reportDir, spec.label, port));
  // The harness's own wait, stretched for a busy machine.
  const deadline = Date.now() + scaledLimit(spec.timeoutMs ?? 20_000);
  let servedOn: number | undefined;
  while (!watched.state.exited && servedOn === undefined && Date.now() < deadline) {
    const ports = [...new Set([...(spec.watchPorts ?? [port]), ...(spec.watchOutputPorts ? portsNamedIn(watched.output()) : [])])];
    for (const p of ports) if (servedOn === undefined && (await answers(`${urlOf(p, spec.basePath, spec.host)}status`))) servedOn = p;
    if (servedOn === undefined) await Promise.race([watched.ended, sleep(100)]);
  }
  return {
    exited: watched.state.exited, code: watched.state.code, ...(servedOn === undefined ? {} : { servedOn }),
    output: watched.output(), command: [command, ...args].join(' '), stop: watched.stop,
  };
}
