// The instance runner against stand-in server commands (a few lines of Node), so its
// verdicts — refused, served, which port — are tested without any real server.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { DeviceServerTarget } from './device-server-target.ts';
import { runCli } from './server-command.ts';
import { attemptStart, portsNamedIn, startInstance } from './server-instance.ts';

const reportDir = mkdtempSync(join(tmpdir(), 'wirecheck-instance-test-'));
afterAll(() => rmSync(reportDir, { recursive: true, force: true }));

// Serves `{"value":{"ready":true}}` on the port after --port, unless --refuse is given.
const SERVER = `
const args = process.argv.slice(1);
if (args.includes('--refuse')) { console.error('Error: refused'); process.exit(3); }
if (args.includes('--version')) { console.log('3.1.4'); process.exit(0); }
const port = Number(args[args.indexOf('--port') + 1]);
require('node:http').createServer((q, s) => s.end(JSON.stringify({ value: { ready: true, home: process.env.TEST_HOME } }))).listen(port, '127.0.0.1', () => console.log('listening ' + port));
`;

const target: DeviceServerTarget = {
  system: 'device-server', kind: 'external', baseUrl: 'http://127.0.0.1:1/', capabilities: ['server-command'],
  vendor: 'vendor', platformName: 'P', automationName: 'A', driverName: 'a',
  serverCommand: [process.execPath, '-e', SERVER, '--'], homeEnv: 'TEST_HOME', commandEnv: { PATH: process.env['PATH'] ?? '' },
};

describe('server instances the harness starts', () => {
  it('starts one on a free loopback port with the home in the home variable, and logs into logs/', async () => {
    const instance = await startInstance(target, reportDir, { label: 'stand-in', home: '/tmp/some-home' });
    try {
      const answer = await (await fetch(`${instance.baseUrl}status`)).json();
      expect(answer).toEqual({ value: { ready: true, home: '/tmp/some-home' } });
      expect(instance.logFile).toBe(join(reportDir, 'logs', `device-server-stand-in-${instance.port}.log`));
      expect(instance.log()).toContain(`listening ${instance.port}`);
    } finally {
      await instance.stop();
    }
  });

  it('reports a refused start: exited, its code, never served', async () => {
    const attempt = await attemptStart(target, reportDir, { label: 'refused', home: '/tmp/h', flags: ['--refuse'] });
    expect(attempt).toMatchObject({ exited: true, code: 3 });
    expect(attempt.servedOn).toBeUndefined();
    expect(attempt.output).toContain('Error: refused');
  });

  it('reports the port a start served on, and keeps it running until stopped', async () => {
    const attempt = await attemptStart(target, reportDir, { label: 'served', home: '/tmp/h' });
    expect(attempt.servedOn).toBeGreaterThan(0);
    expect(attempt.exited).toBe(false);
    await attempt.stop();
  });

  it('watches, when asked, the ports its output names in URLs: a server that listens elsewhere is found at once', async () => {
    const elsewhere = `require('node:http').createServer((q, s) => s.end('{}')).listen(0, '127.0.0.1', function () { console.log('listener started on http://127.0.0.1:' + this.address().port + '/'); });`;
    const other = { ...target, serverCommand: [process.execPath, '-e', elsewhere, '--'] };
    const started = Date.now();
    const attempt = await attemptStart(other, reportDir, { label: 'elsewhere', home: '/tmp/h', portFlag: false, port: 1, watchPorts: [1], watchOutputPorts: true, timeoutMs: 30_000 });
    try {
      expect(attempt.servedOn).toBe(portsNamedIn(attempt.output)[0]);
      expect(attempt.servedOn).not.toBe(1);
      expect(Date.now() - started).toBeLessThan(20_000);
    } finally {
      await attempt.stop();
    }
    expect(portsNamedIn('see http://appium.io/docs and http://127.0.0.1:4723/wd/hub, https://[::1]:99/')).toEqual([4723]);
  });

  it('runs a CLI form with its exit code and output', async () => {
    const run = await runCli(target, ['--version'], { home: '/tmp/h' });
    expect(run).toMatchObject({ code: 0, timedOut: false, stdout: '3.1.4\n' });
  });
});
