// `wirecheck serve <system>` in the background, the way a user starts a deployment to
// point `--target external` at.
import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { PROJECT_ROOT, WIRECHECK_BIN } from './run-wirecheck.ts';

export interface Served {
  readonly baseUrl: string;
  readonly output: () => string;
  stop(): Promise<void>;
}

export function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** `args`: more of serve's arguments, after `--port N` (the system's own options, `-- ARGS`). */
export async function serveReference(system: string, env: Record<string, string>, healthPath = 'healthz', args: readonly string[] = []): Promise<Served> {
  const port = await freePort();
  const child = spawn(process.execPath, [WIRECHECK_BIN, 'serve', system, '--port', String(port), ...args], {
    cwd: PROJECT_ROOT, env: { ...process.env, DATABASE_URL: '', ...env },
  });
  let output = '';
  child.stdout.on('data', (d: Buffer) => { output += d.toString(); });
  child.stderr.on('data', (d: Buffer) => { output += d.toString(); });
  const baseUrl = `http://127.0.0.1:${port}/`;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`wirecheck serve ${system} exited: ${output}`);
    try {
      if ((await fetch(`${baseUrl}${healthPath}`)).status < 500) break;
    } catch { /* not yet listening */ }
    if (Date.now() > deadline) throw new Error(`wirecheck serve ${system} not ready: ${output}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    baseUrl,
    output: () => output,
    async stop() {
      child.kill('SIGTERM');
      await exited;
    },
  };
}
