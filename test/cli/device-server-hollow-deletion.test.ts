// DS-SESS-04 and DS-SESS-08 against a deletion that ends nothing, on a server whose live
// sessions already refuse the commands the checks once sent after a deletion (no alert
// open, no W3C Actions). Those refusals said nothing about the deletion: the checks now
// send, after it, only the commands the live session answered 2xx (here GET .../timeouts),
// so the hollow deletion fails them, while the same server with a deletion that ends the
// session passes. A tiny W3C server in this process plays both.
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outcomesById, runWirecheck } from '../testing/run-wirecheck.ts';

const SESSION = ['--vendor', 'vendor', '--platform-name', 'Android', '--automation-name', 'Hollow', '--no-session-discovery', '--no-allure', '--seed', '31'];

interface TinyServer {
  readonly baseUrl: string;
  close(): Promise<void>;
}

function send(res: ServerResponse, status: number, value: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
  res.end(JSON.stringify({ value }));
}

const error = (res: ServerResponse, status: number, code: string) => send(res, status, { error: code, message: code, stacktrace: '' });

/** `ends`: whether DELETE {base}session/{id} ends the session (false: it answers success and nothing ends). */
function tinyServer(ends: boolean): Promise<TinyServer> {
  const live = new Set<string>();
  const server: Server = createServer((req: IncomingMessage, res: ServerResponse) => {
    req.resume();
    req.on('end', () => {
      const path = (req.url ?? '/').split('?')[0] ?? '/';
      if (req.method === 'GET' && path === '/status') return send(res, 200, { ready: true, message: 'ready' });
      if (req.method === 'POST' && path === '/session') {
        const id = randomUUID();
        live.add(id);
        return send(res, 200, { sessionId: id, capabilities: { platformName: 'Android' } });
      }
      const match = /^\/session\/([^/]+)(\/.*)?$/.exec(path);
      if (!match) return error(res, 404, 'unknown command');
      const [, id = '', rest = ''] = match;
      if (!live.has(id)) return error(res, 404, 'invalid session id');
      if (req.method === 'DELETE' && rest === '') {
        if (ends) live.delete(id);
        return send(res, 200, null);
      }
      if (req.method === 'GET' && rest === '/timeouts') return send(res, 200, { script: 30_000, pageLoad: 300_000, implicit: 0 });
      if (rest === '/alert/text') return error(res, 404, 'no such alert');
      return error(res, 404, 'unknown command');
    });
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      resolve({ baseUrl: `http://127.0.0.1:${port}/`, close: () => new Promise((done) => server.close(() => done())) });
    });
  });
}

let hollow: TinyServer;
let honest: TinyServer;

beforeAll(async () => {
  [hollow, honest] = await Promise.all([tinyServer(false), tinyServer(true)]);
});

afterAll(async () => {
  await Promise.all([hollow?.close(), honest?.close()]);
});

describe('the commands DS-SESS-04 and DS-SESS-08 send after a deletion: those that succeeded on the live session', () => {
  it('fail a deletion that ends nothing, where the live session already refused the alert and the actions', async () => {
    const run = await runWirecheck(['run', 'device-server', '--target', 'external', '--base-url', hollow.baseUrl, ...SESSION, '--only', 'DS-SESS-04,DS-SESS-08']);
    expect(run.exitCode, run.stdout + run.stderr).toBe(1);
    const outcomes = outcomesById(run.summary);
    expect(outcomes.get('DS-SESS-04')?.outcome).toBe('failed');
    expect(outcomes.get('DS-SESS-04')?.reason).toContain('GET .../timeouts, which succeeded on the live session, on the deleted session (the session has ended) must fail');
    expect(outcomes.get('DS-SESS-08')?.outcome, 'a SHOULD check warns').toBe('warned');
  }, 120_000);

  it('pass the same server where the deletion ends the session', async () => {
    const run = await runWirecheck(['run', 'device-server', '--target', 'external', '--base-url', honest.baseUrl, ...SESSION, '--only', 'DS-SESS-04,DS-SESS-08']);
    expect(run.exitCode, run.stdout + run.stderr).toBe(0);
    const outcomes = outcomesById(run.summary);
    expect(outcomes.get('DS-SESS-04')?.outcome).toBe('passed');
    expect(outcomes.get('DS-SESS-08')?.outcome).toBe('passed');
  }, 120_000);
});
