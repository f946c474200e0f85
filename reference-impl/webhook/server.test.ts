// The receiver as a process: refuses to start without its secret (Authentication 4),
// logs where it listens, and never logs the secret or a signature.
import { spawn } from 'node:child_process';
import { createHmac } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const SERVER = join(import.meta.dirname, 'server.ts');

function start(env: Record<string, string>): { output: () => string; exited: Promise<number | null>; kill: () => void } {
  const child = spawn(process.execPath, ['--import', 'tsx', SERVER], { env: { PATH: process.env['PATH'] ?? '', ...env }, cwd: join(import.meta.dirname, '..', '..') });
  let output = '';
  child.stdout.on('data', (d: Buffer) => { output += d.toString(); });
  child.stderr.on('data', (d: Buffer) => { output += d.toString(); });
  return { output: () => output, exited: new Promise((resolve) => child.once('exit', resolve)), kill: () => child.kill('SIGTERM') };
}

async function waitFor(predicate: () => boolean, ms = 20_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!predicate()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('webhook receiver process', () => {
  it('fails at start-up without WEBHOOK_SECRET, naming the variable', async () => {
    const proc = start({ PORT: '0' });
    expect(await proc.exited).toBe(2);
    expect(proc.output()).toContain('WEBHOOK_SECRET is required');
  });

  it('fails at start-up with a blank WEBHOOK_SECRET, as without one', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'wirecheck-webhook-proc-'));
    const proc = start({ PORT: '0', WEBHOOK_SECRET: ' \t ', DATA_DIR: dataDir });
    try {
      // Bounded: a receiver that starts anyway is stopped and the test fails on its exit code.
      const code = await Promise.race([proc.exited, new Promise<'still running'>((resolve) => setTimeout(() => resolve('still running'), 15_000))]);
      expect(code).toBe(2);
      expect(proc.output()).toContain('WEBHOOK_SECRET is blank (whitespace only), which counts as unset');
    } finally {
      proc.kill();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('listens, acknowledges, and keeps the secret and signatures out of its log; stops on SIGTERM', async () => {
    const secret = 'process-test-secret-9f8e7d';
    const dataDir = mkdtempSync(join(tmpdir(), 'wirecheck-webhook-proc-'));
    const proc = start({ PORT: '0', WEBHOOK_SECRET: secret, DATA_DIR: dataDir, LOG_LEVEL: 'debug' });
    try {
      await waitFor(() => proc.output().includes('"msg":"listening"'));
      const url = /"url":"([^"]+)"/.exec(proc.output())?.[1] ?? '';
      const body = JSON.stringify({ id: 'evt_proc_1', type: 'payment.succeeded', createdAt: '2026-11-21T10:00:00.000Z', data: { customerReference: 'private-ref-77' } });
      const signature = createHmac('sha256', secret).update(body).digest('hex');
      const response = await fetch(`${url}/webhooks/payments`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-webhook-signature': signature }, body });
      expect(response.status).toBe(202);
      await waitFor(() => proc.output().includes('delivery accepted'));
      proc.kill();
      expect(await proc.exited).toBe(0);
      const log = proc.output();
      expect(log).toContain('"eventId":"evt_proc_1"');
      expect(log).not.toContain(secret);
      expect(log).not.toContain(signature);
      expect(log).not.toContain('private-ref-77');
    } finally {
      proc.kill();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
