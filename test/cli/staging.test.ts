// Staging ergonomics through the real executable: --wait-for retries a target that is
// still starting (real sockets: a server that begins listening only once the run is
// waiting for it, and a port where nothing ever listens), and a config file in the
// working directory is read, a bad one ending the run with exit 2 before anything starts.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { runWirecheck } from '../testing/run-wirecheck.ts';
import { freePort } from '../testing/serve-reference.ts';

/** The fewest options of an external device-server run: DS-STATUS-01 only needs GET {base}status. */
const deviceServer = (port: number, extra: readonly string[]) => [
  'run', 'device-server', '--target', 'external', '--base-url', `http://127.0.0.1:${port}/`,
  '--platform-name', 'Android', '--automation-name', 'SimAndroid', '--only', 'DS-STATUS-01', '--no-allure', '--seed', '3', ...extra,
];

/** A device server that only knows it is ready: enough for DS-STATUS-01. */
function statusServer(port: number): Promise<Server> {
  const server = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'application/json; charset=utf-8' });
    response.end(JSON.stringify({ value: { ready: true, message: 'ready' } }));
  });
  return new Promise((resolve) => server.listen(port, '127.0.0.1', () => resolve(server)));
}

const waitingLines = (stdout: string) => stdout.split('\n').filter((line) => line.includes('waiting up to'));

describe('wirecheck run --wait-for', () => {
  let server: Server | undefined;
  afterEach(async () => {
    await new Promise((resolve) => (server ? server.close(resolve) : resolve(undefined)));
    server = undefined;
  });

  it('reaches a target that starts listening a second after the run began waiting for it', async () => {
    const port = await freePort();
    let listening: Promise<Server> | undefined;
    const run = await runWirecheck(deviceServer(port, ['--wait-for', '30']), {
      onStdout: (chunk) => {
        if (!listening && chunk.includes('nothing answers at')) {
          listening = new Promise((resolve) => setTimeout(resolve, 1_000)).then(() => statusServer(port));
          void listening.then((started) => { server = started; });
        }
      },
    });
    expect(run.exitCode, run.stdout + run.stderr).toBe(0);
    expect(listening).toBeDefined();
    // One line when the wait starts, one when the target answers: no line per attempt.
    expect(waitingLines(run.stdout)).toEqual([`device-server: nothing answers at http://127.0.0.1:${port}/ yet; waiting up to 30 s for it (--wait-for)`]);
    const answered = /device-server: http:\/\/127\.0\.0\.1:\d+\/ answered after ([\d.]+) s/.exec(run.stdout);
    expect(Number(answered?.[1])).toBeGreaterThanOrEqual(1);
    expect(run.summary?.checks.map((c) => [c.id, c.outcome])).toEqual([['DS-STATUS-01', 'passed']]);
  }, 60_000);

  it('ends with the usual exit 2 once the time is up, saying how long it waited', async () => {
    const port = await freePort();
    const started = Date.now();
    const run = await runWirecheck(deviceServer(port, ['--wait-for', '1.5']));
    expect(run.exitCode, run.stdout + run.stderr).toBe(2);
    expect(Date.now() - started).toBeGreaterThanOrEqual(1_500);
    expect(run.stderr).toContain(`the device server at http://127.0.0.1:${port} is not reachable (ECONNREFUSED). Check that it is running and that --base-url is right.`);
    const waited = /Waited ([\d.]+) s for it to answer \(--wait-for 1\.5\); if it takes longer to start, give a larger --wait-for\./.exec(run.stderr);
    expect(Number(waited?.[1])).toBeGreaterThanOrEqual(1.5);
    expect(waitingLines(run.stdout)).toHaveLength(1);
    expect(run.summary).toBeUndefined();
  }, 30_000);
});

describe('wirecheck.config.json in the working directory', () => {
  let dir: string;
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('is read: its options take effect, and one on the command line wins over it', async () => {
    dir = mkdtempSync(join(tmpdir(), 'wirecheck-staging-'));
    const port = await freePort();
    writeFileSync(join(dir, 'wirecheck.config.json'), JSON.stringify({ target: 'external', 'base-url': `http://127.0.0.1:${port}/`, 'platform-name': 'Android', 'automation-name': 'X', 'wait-for': 60 }));
    const run = await runWirecheck(['run', 'device-server', '--wait-for', '0', '--no-allure'], { cwd: dir });
    expect(run.exitCode, run.stdout + run.stderr).toBe(2);
    expect(run.stderr).toContain(`the device server at http://127.0.0.1:${port} is not reachable (ECONNREFUSED)`);
    expect(run.stderr).not.toContain('Waited');
  }, 30_000);

  it('ends the run with exit 2 when it is bad, naming the file, the key and the fix', async () => {
    dir = mkdtempSync(join(tmpdir(), 'wirecheck-staging-'));
    writeFileSync(join(dir, 'wirecheck.config.json'), JSON.stringify({ 'base_url': 'http://127.0.0.1:9/', probe: 'yes' }));
    const run = await runWirecheck(['run', 'webhook'], { cwd: dir });
    expect(run.exitCode).toBe(2);
    expect(run.stderr).toContain('wirecheck.config.json: unknown key "base_url": did you mean "base-url"?');
    expect(run.stderr).toContain('wirecheck.config.json: key "probe" is a switch (--probe): write true or false, not a string');
    expect(run.stdout).toBe('');
  }, 30_000);
});
