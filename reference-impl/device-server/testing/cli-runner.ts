// Test support: runs the device server's CLI as a child process, the way the conformance
// suite and users do, in throwaway extension homes.
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));
export const CLI = fileURLToPath(new URL('../cli.ts', import.meta.url));
export const SIM_DRIVER_DIR = fileURLToPath(new URL('../drivers/sim-android', import.meta.url));

export interface CliResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** process.env without anything that would change the server's behaviour. */
export function cleanEnv(extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  const env = { ...process.env };
  for (const key of Object.keys(env)) {
    if (key.startsWith('VENDOR_') || key.startsWith('CONFORMANCE_') || key === 'WIRECHECK_FAULTS') delete env[key];
  }
  return { ...env, ...extra };
}

export function runCli(args: string[], env: NodeJS.ProcessEnv): Promise<CliResult> {
  return new Promise((resolve) => {
    execFile(process.execPath, ['--import', 'tsx', CLI, ...args], { cwd: REPO_ROOT, env, timeout: 60_000 }, (error, stdout, stderr) => {
      const code = error ? (typeof error.code === 'number' ? error.code : null) : 0;
      resolve({ code, stdout: String(stdout), stderr: String(stderr) });
    });
  });
}

export interface TempHome {
  readonly dir: string;
  readonly env: NodeJS.ProcessEnv;
  file(name: string, content: string): string;
  cleanup(): void;
}

export function tempHome(extraEnv: NodeJS.ProcessEnv = {}): TempHome {
  const root = mkdtempSync(path.join(os.tmpdir(), 'vendor-home-'));
  const dir = path.join(root, 'home');
  return {
    dir,
    // Apps written with file() lie in root, which the server may read them from.
    env: cleanEnv({ VENDOR_HOME: dir, VENDOR_APPS_ROOT: root, ...extraEnv }),
    file: (name, content) => {
      const file = path.join(root, name);
      mkdirSync(path.dirname(file), { recursive: true });
      writeFileSync(file, content);
      return file;
    },
    cleanup: () => rmSync(root, { recursive: true, force: true }),
  };
}

export interface ServerProcess {
  readonly url: string;
  readonly child: ChildProcess;
  output(): string;
  stop(): Promise<number | null>;
}

const LISTENING = /REST http interface listener started on (\S+)/;

/** Starts `cli.ts args`, resolves once the listening line shows (the URL includes the base path). */
export function startServerProcess(args: string[], env: NodeJS.ProcessEnv): Promise<ServerProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', CLI, ...args], { cwd: REPO_ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    return exited;
  };
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      void stop();
      reject(new Error(`server did not start within 20 s:\n${output}`));
    }, 20_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const url = LISTENING.exec(output)?.[1];
      if (url) {
        clearTimeout(timer);
        resolve({ url, child, output: () => output, stop });
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code} before listening:\n${output}`));
    });
  });
}

/** A file the simulated driver accepts as an app package. */
export function sampleApp(home: TempHome, appId = 'com.example.sample'): string {
  return home.file('sample.apk', JSON.stringify({ appId, label: 'Sample' }));
}

export async function json(response: Response): Promise<{ status: number; body: Record<string, unknown> & { value: unknown } }> {
  return { status: response.status, body: (await response.json()) as Record<string, unknown> & { value: unknown } };
}
