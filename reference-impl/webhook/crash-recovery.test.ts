// kill -9 mid-load: after a restart on the same data, every event the receiver
// answered 202 has exactly one record and one effect, and whatever it did not
// acknowledge is either absent or also exactly once. Once for the receiver (embedded
// PGlite and PostgreSQL), once for a worker running as its own process (PostgreSQL).
import { spawn, type ChildProcess } from 'node:child_process';
import { createHmac } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, describe, expect, it } from 'vitest';
import { databaseUrl, dropSchema, postgresSkipReason, uniqueSchemaName } from '../../test/testing/postgres.ts';

const SECRET = 'crash-test-secret-0aa1';
const ROOT = join(import.meta.dirname, '..', '..');

interface Proc {
  readonly child: ChildProcess;
  readonly url: string;
}

const running = new Set<ChildProcess>();
afterEach(() => {
  for (const child of running) child.kill('SIGKILL');
  running.clear();
});

async function startProcess(entry: string, env: Record<string, string>): Promise<Proc> {
  const child = spawn(process.execPath, ['--import', 'tsx', join(import.meta.dirname, entry)], {
    cwd: ROOT, env: { PATH: process.env['PATH'] ?? '', PORT: '0', WEBHOOK_SECRET: SECRET, CONFORMANCE_PROBE: '1', WORKER_LEASE_MS: '1000', WORKER_POLL_MS: '20', LOG_LEVEL: 'info', ...env },
  });
  running.add(child);
  let output = '';
  child.stdout?.on('data', (d: Buffer) => { output += d.toString(); });
  child.stderr?.on('data', (d: Buffer) => { output += d.toString(); });
  const deadline = Date.now() + 30_000;
  for (;;) {
    const match = /"url":"(http:[^"]+)"/.exec(output);
    if (match?.[1]) return { child, url: match[1] };
    if (child.exitCode !== null || Date.now() > deadline) throw new Error(`${entry} did not start: ${output}`);
    await sleep(25);
  }
}

function kill9(proc: Proc): Promise<void> {
  return new Promise((resolve) => {
    proc.child.once('exit', () => resolve());
    proc.child.kill('SIGKILL');
    running.delete(proc.child);
  });
}

type Answer = number | 'error';

/** Sends each event once, 16 at a time, until all are sent or the receiver dies. */
async function load(url: string, ids: readonly string[], answers: Map<string, Answer>): Promise<void> {
  let next = 0;
  const lane = async () => {
    while (next < ids.length) {
      const id = ids[next++] ?? '';
      const body = JSON.stringify({ id, type: 'payment.succeeded', createdAt: new Date().toISOString(), data: { paymentId: `pay_${id}`, version: 1 } });
      try {
        const response = await fetch(`${url}/webhooks/payments`, {
          method: 'POST', body,
          headers: { 'content-type': 'application/json', 'x-webhook-signature': createHmac('sha256', SECRET).update(body).digest('hex') },
        });
        answers.set(id, response.status);
      } catch {
        answers.set(id, 'error');
      }
    }
  };
  await Promise.all(Array.from({ length: 16 }, lane));
}

async function probe(url: string, id: string): Promise<{ records: number; status: string; effects: number } | undefined> {
  const response = await fetch(`${url}/__probe/events/${encodeURIComponent(id)}`);
  return response.status === 404 ? undefined : (await response.json()) as { records: number; status: string; effects: number };
}

/** Every acknowledged event: one record, completed, one effect; every other: nothing, or the same. */
async function verify(url: string, answers: ReadonlyMap<string, Answer>): Promise<void> {
  const acknowledged = [...answers].filter(([, a]) => a === 202).map(([id]) => id);
  expect(acknowledged.length, 'some deliveries were acknowledged before the kill').toBeGreaterThan(0);
  expect([...answers.values()].filter((a) => a !== 202 && a !== 'error'), 'never anything but 202 or a broken connection').toEqual([]);
  const deadline = Date.now() + 30_000;
  for (const [id, answer] of answers) {
    let seen = await probe(url, id);
    while (seen && seen.status !== 'completed' && Date.now() < deadline) {
      await sleep(50);
      seen = await probe(url, id);
    }
    if (answer === 202 || seen) expect(seen, `event ${id} (answered ${answer})`).toEqual({ records: 1, status: 'completed', effects: 1 });
  }
}

const adapters = [
  { name: 'embedded PGlite', skip: undefined as string | undefined },
  { name: 'PostgreSQL', skip: postgresSkipReason() },
];

describe.each(adapters)('webhook receiver killed with SIGKILL under load, on $name', ({ name, skip }) => {
  it.skipIf(skip)('keeps every acknowledged event exactly once across three kills and restarts', async () => {
    const schema = uniqueSchemaName('wcrash');
    const dataDir = mkdtempSync(join(tmpdir(), 'wirecheck-crash-'));
    const store: Record<string, string> = name === 'PostgreSQL' ? { DATABASE_URL: databaseUrl ?? '', DATABASE_SCHEMA: schema } : { DATA_DIR: dataDir };
    const answers = new Map<string, Answer>();
    try {
      for (let cycle = 0; cycle < 3; cycle++) {
        const receiver = await startProcess('server.ts', store);
        const ids = Array.from({ length: 400 }, (_, i) => `crash_${cycle}_${i}`);
        const loading = load(receiver.url, ids, answers);
        await sleep(150 + cycle * 120);
        await kill9(receiver);
        await loading;
      }
      const survivor = await startProcess('server.ts', store);
      await verify(survivor.url, answers);
      await kill9(survivor);
    } finally {
      if (name === 'PostgreSQL') await dropSchema(schema);
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 180_000);
});

describe('webhook worker killed with SIGKILL mid-processing, on PostgreSQL', () => {
  it.skipIf(postgresSkipReason())('completes every event exactly once after the worker is restarted', async () => {
    const schema = uniqueSchemaName('wcrash');
    const store = { DATABASE_URL: databaseUrl ?? '', DATABASE_SCHEMA: schema };
    const answers = new Map<string, Answer>();
    try {
      const receiver = await startProcess('server.ts', { ...store, WORKER: '0' });
      await load(receiver.url, Array.from({ length: 300 }, (_, i) => `wcrash_${i}`), answers);
      for (let cycle = 0; cycle < 3; cycle++) {
        const worker = await startProcess('worker-main.ts', store);
        await sleep(100 + cycle * 100);
        await kill9(worker);
      }
      const worker = await startProcess('worker-main.ts', store);
      await verify(receiver.url, answers);
      await Promise.all([kill9(worker), kill9(receiver)]);
    } finally {
      await dropSchema(schema);
    }
  }, 180_000);
});
