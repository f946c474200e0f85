// Issue 17, finding 3 and the small items of 8, on the device server started through its
// CLI, as users run it: a client that trickles its body is dropped at the request
// deadline, connections past the cap are closed at once and idle ones go at the header
// deadline, a client gone mid-body is one line without a stack, a query's values are not
// logged, an every-interface address is warned about, and --config accepts a regular
// file of bounded size only. The limits are short here (VENDOR_*), so the test is quick.
import { spawn } from 'node:child_process';
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { abortMidBody, eventually, fillToCap, trickleBody } from '../shared/testing/hostile-clients.ts';
import { CLI, REPO_ROOT, startServerProcess, tempHome, type ServerProcess, type TempHome } from './testing/cli-runner.ts';

const LIMIT_ENV = { VENDOR_HEADERS_TIMEOUT_MS: '500', VENDOR_REQUEST_TIMEOUT_MS: '1000', VENDOR_KEEP_ALIVE_TIMEOUT_MS: '500', VENDOR_MAX_CONNECTIONS: '4' };
const SESSION_HEAD = 'POST /session HTTP/1.1\r\nHost: server\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n';

const homes: TempHome[] = [];
const servers: ServerProcess[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.stop()));
  homes.splice(0).forEach((h) => h.cleanup());
});

async function start(args: string[] = ['--address', '127.0.0.1']): Promise<{ server: ServerProcess; port: number; home: TempHome }> {
  const home = tempHome(LIMIT_ENV);
  homes.push(home);
  const server = await startServerProcess([...args, '--port', '0'], home.env);
  servers.push(server);
  return { server, port: Number(new URL(server.url).port), home };
}

/** The CLI's exit code and output, the process stopped after `boundMs` if it is still running (code null then). */
function runBounded(args: string[], env: NodeJS.ProcessEnv, boundMs: number): Promise<{ code: number | null; output: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', CLI, ...args], { cwd: REPO_ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (d: Buffer) => { output += d.toString(); });
  child.stderr.on('data', (d: Buffer) => { output += d.toString(); });
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), boundMs);
    child.once('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    });
  });
}

const STACK_LINE = /^\[\w+\] (ERROR )?\s+at /m;

describe('the device server against hostile clients', () => {
  it('drops a client that sends one body byte every 200 ms at the 1 s request deadline, logging one line', async () => {
    const { server, port } = await start();
    const outcome = await trickleBody(port, SESSION_HEAD, { contentLength: 100, intervalMs: 200 });
    expect(outcome.bytesSent).toBeLessThan(outcome.contentLength);
    if (outcome.answer !== '') expect(outcome.answer).toMatch(/^HTTP\/1\.1 408 /);
    expect(await eventually(() => server.output().includes('REQUEST_TIMEOUT'))).toBe(true);
    expect(server.output()).toMatch(/^\[HTTP\] REQUEST_TIMEOUT: the request was not received within its deadline/m);
    expect(server.output()).not.toMatch(STACK_LINE);
  });

  it('closes connections past the cap at once, and the idle ones at the header deadline, then serves again', async () => {
    const { port } = await start();
    const { pastCap, idleClosed, afterwards } = await fillToCap(port, 4, 'GET /status HTTP/1.1\r\nHost: server\r\nConnection: close\r\n\r\n');
    expect(pastCap).toBe('');
    expect(idleClosed).toEqual([true, true, true, true]);
    expect(afterwards).toMatch(/^HTTP\/1\.1 200 /);
  });

  it('logs a client gone mid-body as one line with its code, without a stack, and the query without its values', async () => {
    const { server, port } = await start();
    await abortMidBody(port, SESSION_HEAD.replace('/session', '/session?access_token=tok-in-query-5d1'), '{"capabilities":');
    expect(await eventually(() => server.output().includes('CLIENT_ABORTED'))).toBe(true);
    expect(server.output()).toContain('[HTTP] CLIENT_ABORTED POST /session?access_token=[REDACTED]: the client closed the connection');
    expect(server.output()).not.toContain('tok-in-query-5d1');
    expect(server.output()).not.toMatch(STACK_LINE);
  });

  it('warns at start-up that server.address 0.0.0.0 binds every interface, and still serves', async () => {
    const home = tempHome(LIMIT_ENV);
    homes.push(home);
    const config = home.file('every-interface.json', JSON.stringify({ server: { address: '0.0.0.0' } }));
    const server = await startServerProcess(['--config', config, '--port', '0'], home.env);
    servers.push(server);
    expect(server.output()).toMatch(/^\[Vendor\] WARN Listening on 0\.0\.0\.0, every network interface of this machine/m);
  });

  it('refuses --config naming a FIFO or /dev/zero at once, naming the path and the reason', async () => {
    const home = tempHome();
    homes.push(home);
    const fifo = path.join(path.dirname(home.dir), 'config.fifo');
    execFileSync('mkfifo', [fifo]);
    for (const [file, kind] of [[fifo, 'a FIFO (named pipe)'], ['/dev/zero', 'a character device']] as const) {
      // Bounded: a server that blocks on the FIFO, or reads /dev/zero for ever, is stopped and fails here.
      const { code, output } = await runBounded(['server', '--config', file, '--port', '0'], home.env, 20_000);
      expect(code, file).toBe(1);
      expect(output, file).toContain(`cannot read config file ${file}: it is ${kind}, not a regular file; give the path of a JSON file`);
    }
  });
});
