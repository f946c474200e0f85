// The reference image, played on the host: the runtime stage's ENV (paths under its
// WORKDIR moved to a temp dir), its RUN steps, and each compose service's entrypoint
// and command with the environment compose gives it — on loopback and free ports.
// What this proves without an engine: the commands, the environment wiring and the
// health checks of the image and of compose.yaml work as written.
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { dirname, join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { PROJECT_ROOT } from '../../../harness/project-paths.ts';
import type { ComposeService } from './compose.ts';
import { interpolate } from './compose.ts';
import { envOf, execForm, type Dockerfile } from './dockerfile.ts';

export interface ImageOnHost {
  readonly entrypoint: readonly string[];
  readonly cmd: readonly string[];
  readonly env: Readonly<Record<string, string>>;
  /** The RUN steps of the runtime stage, as shell commands. */
  readonly runSteps: readonly string[];
}

/** What a Node process needs of the host's environment; nothing else leaks in. */
export function hostEnv(): Record<string, string> {
  const env: Record<string, string> = { PATH: `${dirname(process.execPath)}:${process.env['PATH'] ?? ''}` };
  for (const name of ['HOME', 'TMPDIR', 'LANG']) {
    const value = process.env[name];
    if (value !== undefined) env[name] = value;
  }
  return env;
}

export function imageOnHost(file: Dockerfile, root: string): ImageOnHost {
  const stage = file.stages.at(-1)?.instructions ?? [];
  const workdir = stage.filter((i) => i.keyword === 'WORKDIR').at(-1)?.args ?? '/';
  const move = (value: string) => (value === workdir || value.startsWith(`${workdir}/`) ? join(root, value.slice(workdir.length)) : value);
  const env = Object.fromEntries(Object.entries(envOf(stage)).map(([name, value]) => [name, move(value)]));
  const last = (keyword: string) => execForm(stage.filter((i) => i.keyword === keyword).at(-1)?.args ?? '') ?? [];
  return { entrypoint: last('ENTRYPOINT'), cmd: last('CMD'), env, runSteps: stage.filter((i) => i.keyword === 'RUN').map((i) => i.args) };
}

export function runShell(command: string, env: Record<string, string>): Promise<{ code: number; output: string }> {
  return new Promise((done) => {
    execFile('/bin/sh', ['-c', command], { cwd: PROJECT_ROOT, env, timeout: 60_000 }, (error, stdout, stderr) => {
      done({ code: error ? Number(error.code ?? 1) : 0, output: `${stdout}${stderr}` });
    });
  });
}

/** The argv a container of `service` runs: compose's entrypoint replaces the image's and drops its CMD. */
export function serviceArgv(image: ImageOnHost, service: ComposeService): string[] {
  if (service.entrypoint) return [...service.entrypoint, ...(service.command ?? [])];
  return [...image.entrypoint, ...(service.command ?? image.cmd)];
}

/** argv with `--port`/`--address` values replaced (both `--flag value` and `--flag=value`). */
export function withFlags(argv: readonly string[], values: Readonly<Record<string, string>>): string[] {
  return argv.map((arg, i) => {
    const previous = argv[i - 1];
    if (previous !== undefined && values[previous] !== undefined) return values[previous];
    const [flag] = arg.split('=');
    return flag !== undefined && arg.includes('=') && values[flag] !== undefined ? `${flag}=${values[flag]}` : arg;
  });
}

export function composeEnv(service: ComposeService, vars: Readonly<Record<string, string>>): Record<string, string> {
  return Object.fromEntries(Object.entries(service.environment ?? {}).map(([name, value]) => [name, interpolate(String(value), vars)]));
}

export interface HostService {
  readonly name: string;
  readonly child: ChildProcess;
  readonly env: Readonly<Record<string, string>>;
  readonly url: string;
  output(): string;
  stop(): Promise<void>;
}

export function startOnHost(name: string, argv: readonly string[], env: Record<string, string>, port: number): HostService {
  const [command, ...args] = argv;
  if (command !== 'node') throw new Error(`${name}: the container runs ${command ?? '(nothing)'}, not node`);
  const child = spawn(process.execPath, args, { cwd: PROJECT_ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (d: Buffer) => { output += d.toString(); });
  child.stderr.on('data', (d: Buffer) => { output += d.toString(); });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return {
    name, child, env, url: `http://127.0.0.1:${port}/`, output: () => output,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await Promise.race([exited, sleep(10_000)]);
    },
  };
}

async function answers(url: string): Promise<boolean> {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(1_000) });
    await response.body?.cancel();
    return response.status === 200;
  } catch {
    return false;
  }
}

/** Waits until the service answers GET /healthz; throws when it dies first or time runs out. */
export async function waitListening(service: HostService, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (service.child.exitCode !== null) throw new Error(`${service.name} exited with ${service.child.exitCode}:\n${service.output()}`);
    if (await answers(new URL('healthz', service.url).toString())) return;
    if (Date.now() > deadline) throw new Error(`${service.name}: no answer on ${service.url}healthz:\n${service.output()}`);
    await sleep(100);
  }
}

/** Runs a compose health check (`healthcheck.test`) once, in the service's environment, as the engine would. */
export function runHealthCheck(service: HostService, test: readonly string[]): Promise<{ code: number; output: string }> {
  const [form, ...command] = test;
  const shell = form === 'CMD-SHELL' ? command.join(' ') : command.map((word) => `'${word.replace(/'/g, `'\\''`)}'`).join(' ');
  return runShell(shell, { ...service.env });
}
