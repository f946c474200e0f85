// The Pact process never outlives the process that started it. A check's time limit can
// end a suite's worker while Pact still waits on a target that stopped answering; the
// Pact process (and the verifier in it, which holds what it has read) must go too,
// instead of running on after the run has ended.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import net from 'node:net';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { tsxNodeArgs } from '../../project-paths.ts';

const PARENT = fileURLToPath(new URL('./testing/run-pact-then-wait.ts', import.meta.url));

/** Gone: no such process, or one that has ended and waits only to be reaped. */
function gone(pid: number): boolean {
  const status = `/proc/${pid}/status`;
  if (!existsSync(status)) return true;
  try {
    return /^State:\s+Z/m.test(readFileSync(status, 'utf8'));
  } catch {
    return true;
  }
}

let cleanup: Array<() => void> = [];
afterEach(() => {
  for (const step of cleanup) step();
  cleanup = [];
});

describe('runPact', () => {
  it('takes its Pact process down with it when it is killed mid-verification', async () => {
    // A target that takes every request and never answers.
    let requests = 0;
    const target = net.createServer((socket) => {
      socket.on('error', () => {});
      socket.on('data', () => { requests += 1; });
    });
    await new Promise<void>((resolve) => target.listen(0, '127.0.0.1', resolve));
    cleanup.push(() => target.close());
    const { port } = target.address() as net.AddressInfo;
    const parent = spawn(process.execPath, [...tsxNodeArgs(PARENT), `http://127.0.0.1:${port}/`], { stdio: ['ignore', 'pipe', 'ignore'] });
    cleanup.push(() => parent.kill('SIGKILL'));
    let out = '';
    parent.stdout.on('data', (chunk: Buffer) => { out += chunk.toString(); });
    await expect.poll(() => /pact (\d+)/.exec(out)?.[1], { timeout: 20_000 }).toBeDefined();
    const pid = Number(/pact (\d+)/.exec(out)?.[1]);
    cleanup.push(() => { if (!gone(pid)) process.kill(pid, 'SIGKILL'); });
    // Pact is waiting on the target: the verifier's request or a state's set-up has arrived.
    await expect.poll(() => requests, { timeout: 30_000 }).toBeGreaterThan(0);
    parent.kill('SIGKILL');
    await expect.poll(() => gone(pid), { timeout: 5_000 }).toBe(true);
  }, 60_000);
});
