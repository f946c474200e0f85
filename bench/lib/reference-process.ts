// The reference programs as child processes — the bench reaches them over HTTP only,
// never by import. Each process logs to a file of its own (not to a pipe the bench
// would have to drain), and is found ready by the "listening" line with its URL.
import { spawn, type ChildProcess } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { PROJECT_ROOT, REFERENCE_ROOT } from './results.ts';

export const ENTRY = {
  receiver: 'reference-impl/webhook/server.ts',
  worker: 'reference-impl/webhook/worker-main.ts',
  resourceApi: 'reference-impl/resource-api/server.ts',
  bare202: 'bench/lib/bare-202-server.ts',
} as const;

export interface RefProcess {
  readonly name: string;
  readonly url: string;
  readonly pid: number;
  readonly logPath: string;
  readonly child: ChildProcess;
  alive(): boolean;
  log(): string;
  /** SIGKILL, and wait for the exit. */
  kill9(): Promise<void>;
  /** SIGTERM (a clean shutdown), SIGKILL after the grace time. */
  stop(graceMs?: number): Promise<void>;
}

const logDir = mkdtempSync(join(tmpdir(), 'wirecheck-bench-logs-'));
let started = 0;

export interface StartOptions {
  readonly name: string;
  readonly entry: string;
  readonly env: Record<string, string>;
  /** Extra node flags before the entry (e.g. a preload). */
  readonly nodeArgs?: readonly string[];
  readonly timeoutMs?: number;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer().once('error', reject).listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

async function healthy(url: string): Promise<boolean> {
  try {
    const response = await fetch(new URL('/healthz', url), { signal: AbortSignal.timeout(2_000) });
    await response.arrayBuffer();
    return response.status >= 200 && response.status < 300;
  } catch {
    return false;
  }
}

/** Starts the program on a free port; ready once GET /healthz answers 2xx (any log level). */
export async function startProcess(options: StartOptions): Promise<RefProcess> {
  started += 1;
  const port = options.env['PORT'] ?? String(await freePort());
  const logPath = join(logDir, `${String(started).padStart(3, '0')}-${options.name}.log`);
  const fd = openSync(logPath, 'w');
  const root = options.entry.startsWith('bench/') ? PROJECT_ROOT : REFERENCE_ROOT;
  const child = spawn(process.execPath, ['--import', 'tsx', ...(options.nodeArgs ?? []), join(root, options.entry)], {
    cwd: root,
    env: { PATH: process.env['PATH'] ?? '', HOST: '127.0.0.1', ...options.env, PORT: port },
    stdio: ['ignore', fd, fd],
  });
  closeSync(fd);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const log = () => readFileSync(logPath, 'utf8');
  const deadline = Date.now() + (options.timeoutMs ?? 30_000);
  const url = `http://127.0.0.1:${port}`;
  for (;;) {
    if (await healthy(url)) {
      return {
        name: options.name, url, pid: child.pid ?? 0, logPath, child, log,
        alive: () => child.exitCode === null && child.signalCode === null,
        async kill9() {
          if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
          await exited;
        },
        async stop(graceMs = 10_000) {
          if (child.exitCode !== null || child.signalCode !== null) return;
          child.kill('SIGTERM');
          const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
          await exited;
          clearTimeout(timer);
        },
      };
    }
    if (child.exitCode !== null || child.signalCode !== null || Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`${options.name} (${options.entry}) did not start: ${log().slice(-2000)}`);
    }
    await sleep(25);
  }
}

/** Every process started here is killed when the bench process exits, whatever the path. */
export class ProcessGroup {
  readonly #procs = new Set<RefProcess>();

  async start(options: StartOptions): Promise<RefProcess> {
    const proc = await startProcess(options);
    this.#procs.add(proc);
    return proc;
  }

  async stopAll(): Promise<void> {
    await Promise.all([...this.#procs].map((p) => p.stop()));
    this.#procs.clear();
  }

  killAllNow(): void {
    for (const p of this.#procs) if (p.alive()) p.child.kill('SIGKILL');
  }
}
