// server.ts as a child process, the way the harness starts it: PORT=0, a JSON
// "listening" line carrying the URL, /healthz, clean shutdown on SIGTERM, durable
// data across a restart, and a clear start-up error for a bad environment.
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, describe, expect, it } from 'vitest';
import { databaseUrl, dropSchema, postgresSkipReason, uniqueSchemaName } from '../../test/testing/postgres.ts';

const SERVER = join(import.meta.dirname, 'server.ts');
const dataDir = mkdtempSync(join(tmpdir(), 'wirecheck-ra-server-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

interface Running {
  readonly child: ChildProcess;
  readonly url: string;
  readonly lines: Array<Record<string, unknown>>;
  stop(signal: NodeJS.Signals): Promise<number | null>;
}

function run(env: Record<string, string>): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', SERVER], {
    env: { PATH: process.env['PATH'] ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

const exited = (child: ChildProcess) => new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));

/** Starts the server and resolves once it logged its listening line. */
function start(env: Record<string, string>): Promise<Running> {
  const child = run({ PORT: '0', ...env });
  const lines: Array<Record<string, unknown>> = [];
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => { stderr += chunk.toString(); });
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`server exited with ${code} before listening: ${stderr}`)));
    createInterface({ input: child.stdout! }).on('line', (line) => {
      const entry = JSON.parse(line) as Record<string, unknown>;
      lines.push(entry);
      if (entry['msg'] !== 'listening') return;
      child.removeAllListeners('exit');
      resolve({ child, url: String(entry['url']), lines, stop: (signal) => { const done = exited(child); child.kill(signal); return done; } });
    });
  });
}

/** One request on a connection of its own (no keep-alive agent); resolves to the status. */
function onFreshConnection(url: string, method: string, headers: Record<string, string>): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { method, headers, agent: false }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('server.ts', () => {
  it('listens on PORT=0, serves /healthz and /v1, warns about the development tokens, stops on SIGTERM', async () => {
    const server = await start({ DATA_DIR: dataDir });
    try {
      expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      const health = await fetch(`${server.url}/healthz`);
      expect([health.status, await health.json()]).toEqual([200, { status: 'ok' }]);
      const patch = await fetch(`${server.url}/v1/users/alice/preferences`, {
        method: 'PATCH', body: '{"weeklyDigest":true}',
        headers: { authorization: 'Bearer dev-token-alice', 'content-type': 'application/json' },
      });
      expect(patch.status).toBe(204);
    } finally {
      expect(await server.stop('SIGTERM')).toBe(0);
    }
    const warning = server.lines.find((line) => line['level'] === 40 && String(line['msg']).includes('API_TOKENS'));
    expect(warning).toBeDefined();
    expect(server.lines.at(-1)?.['msg']).toBe('stopped');
    expect(JSON.stringify(server.lines)).not.toContain('dev-token-alice');
  });

  it('keeps what a 204 acknowledged across a restart on the same DATA_DIR', async () => {
    const server = await start({ DATA_DIR: dataDir, API_TOKENS: 'restart-token:alice' });
    try {
      const res = await fetch(`${server.url}/v1/users/alice/preferences`, { headers: { authorization: 'Bearer restart-token' } });
      expect(await res.json()).toEqual({ weeklyDigest: true });
      expect((await fetch(`${server.url}/v1/users/alice/preferences`, { headers: { authorization: 'Bearer dev-token-alice' } })).status).toBe(401);
    } finally {
      expect(await server.stop('SIGINT')).toBe(0);
    }
  });

  it('refuses a bad environment with every problem listed, exit code 2, before opening anything', async () => {
    const child = run({ PORT: 'eighty', API_TOKENS: 'no-colon', CONFORMANCE_FAULTS_ENABLED: '1', WIRECHECK_FAULTS: 'made-up', LOG_LEVEL: 'chatty' });
    let stderr = '';
    child.stderr?.on('data', (chunk: Buffer) => { stderr += chunk.toString(); });
    expect(await exited(child)).toBe(2);
    expect(stderr).toMatch(/^resource-api: cannot start: invalid environment \(4 problems\)/);
    for (const word of ['PORT', 'API_TOKENS', 'made-up', 'LOG_LEVEL']) expect(stderr).toContain(word);
  });

  const pgSkip = postgresSkipReason();
  it.skipIf(pgSkip)('runs on PostgreSQL with DATABASE_URL and DATABASE_SCHEMA', async () => {
    const schema = uniqueSchemaName('wct_ra_srv');
    try {
      const server = await start({ DATABASE_URL: databaseUrl ?? '', DATABASE_SCHEMA: schema });
      try {
        expect(server.lines.find((line) => line['msg'] === 'listening')?.['store']).toBe('postgres');
        expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
      } finally {
        expect(await server.stop('SIGTERM')).toBe(0);
      }
    } finally {
      await dropSchema(schema);
    }
  });

  // Fault multi-process-read-then-write: 4 processes behind one port, each locking only
  // its own. Bursts of concurrent DELETEs until two reach two processes and both
  // delete: more than one label.deleted effect.
  it.skipIf(pgSkip)('fault multi-process-read-then-write: runs 4 processes behind one port; concurrent DELETEs reaching two of them both delete', async () => {
    const schema = uniqueSchemaName('wct_ra_mp');
    try {
      const server = await start({
        DATABASE_URL: databaseUrl ?? '', DATABASE_SCHEMA: schema, CONFORMANCE_PROBE: '1',
        CONFORMANCE_FAULTS_ENABLED: '1', WIRECHECK_FAULTS: 'multi-process-read-then-write', API_TOKENS: 'mp-token:alice',
      });
      try {
        const auth = { authorization: 'Bearer mp-token' };
        let most = 0;
        for (let burst = 0; burst < 30 && most <= 1; burst++) {
          const created = await fetch(`${server.url}/v1/labels`, { method: 'POST', headers: { ...auth, 'content-type': 'application/json' }, body: '{"name":"mp"}' });
          const { id } = await created.json() as { id: string };
          // A connection of its own for each: a kept-alive one stays with the process that took it.
          await Promise.all(Array.from({ length: 8 }, () => onFreshConnection(`${server.url}/v1/labels/${id}`, 'DELETE', auth)));
          const effects = await fetch(`${server.url}/__probe/effects?kind=label.deleted&subject=${id}`);
          most = Math.max(most, (await effects.json() as { count: number }).count);
        }
        expect(most).toBeGreaterThan(1);
      } finally {
        expect(await server.stop('SIGTERM')).toBe(0);
      }
      expect(server.lines.find((line) => line['processes'] === 4)?.['msg']).toBe('listening');
    } finally {
      await dropSchema(schema);
    }
  }, 60_000);
});
