// Serving the device server by hand, as the README's "Try it by hand" does: `wirecheck
// serve device-server` takes the server's own flags directly and installs the bundled
// simulated driver with --install-driver; a run's relative --server-cmd means what it
// says from the directory wirecheck runs in; a server command that cannot start
// says why in the check's reason, from its log; and a run against the server started
// with *:session_discovery that does not say so asks whether --session-discovery was forgotten.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectPath } from '../../harness/project-paths.ts';
import { outcomesById, runWirecheck } from '../testing/run-wirecheck.ts';
import { serveReference, type Served } from '../testing/serve-reference.ts';

const SESSION = ['--platform-name', 'Android', '--automation-name', 'SimAndroid', '--driver-name', 'simandroid',
  '--device-name', 'wirecheck-sim-1', '--app', projectPath('fixtures/device-server/sample-app.json')];
const NEW_SESSION = { capabilities: { alwaysMatch: { platformName: 'Android', 'vendor:automationName': 'SimAndroid', 'vendor:deviceName': 'wirecheck-sim-1' } } };

let dir: string;
let home: string;
let served: Served | undefined;

async function json(url: string, init?: RequestInit): Promise<{ status: number; body: { value?: unknown } }> {
  const response = await fetch(url, init);
  return { status: response.status, body: (await response.json()) as { value?: unknown } };
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'wirecheck-serve-by-hand-'));
  home = join(dir, 'home');
  // The home every test below uses: the driver installed by serve itself, the server as the README starts it.
  served = await serveReference('device-server', { VENDOR_HOME: home }, 'status', ['--install-driver', '--allow-insecure=*:session_discovery']);
}, 90_000);

afterAll(async () => {
  await served?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('wirecheck serve device-server', () => {
  it('--install-driver installs the simulated driver into VENDOR_HOME before serving: a session can be created, and a second start leaves it as it is', async () => {
    expect(served?.output()).toContain(`installed the simulated driver simandroid into VENDOR_HOME=${home}`);
    const created = await json(`${served?.baseUrl}session`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(NEW_SESSION) });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const sessionId = (created.body.value as { sessionId?: string }).sessionId;
    expect(sessionId).toBeTruthy();
    expect((await json(`${served?.baseUrl}vendor/sessions`)).status).toBe(200);
    await fetch(`${served?.baseUrl}session/${sessionId}`, { method: 'DELETE' });
    const listed = await runWirecheck(['serve', 'device-server', '--install-driver', '--', 'driver', 'list', '--installed'], { env: { VENDOR_HOME: home } });
    expect(listed.exitCode, listed.stderr).toBe(0);
    expect(listed.stdout).toContain(`the simulated driver simandroid is already installed in VENDOR_HOME=${home}`);
    expect(listed.stdout).toMatch(/simandroid@\d+\.\d+\.\d+ \[installed/);
  });

  it('takes the server\'s own flags directly: --base-path, --allow-insecure, --address, --log-level, --config', async () => {
    const config = join(dir, 'server.json');
    writeFileSync(config, JSON.stringify({ server: { 'base-path': '/from-config' } }));
    const [hub, configured] = await Promise.all([
      serveReference('device-server', { VENDOR_HOME: home }, 'wd/hub/status',
        ['--base-path', '/wd/hub', '--allow-insecure=*:session_discovery', '--address', '127.0.0.1', '--log-level', 'warn']),
      serveReference('device-server', { VENDOR_HOME: home }, 'from-config/status', ['--config', config]),
    ]);
    try {
      const status = await json(`${hub.baseUrl}wd/hub/status`);
      expect(status.status).toBe(200);
      expect((status.body.value as { ready?: unknown }).ready).toBe(true);
      expect((await fetch(`${hub.baseUrl}status`)).status).toBe(404);
      // *:session_discovery reached the server: the listing route answers.
      expect((await json(`${hub.baseUrl}wd/hub/vendor/sessions`)).status).toBe(200);
      expect(hub.output()).not.toContain('[HTTP]');
      expect((await fetch(`${configured.baseUrl}from-config/status`)).status).toBe(200);
      // Without the flag the listing route is unavailable.
      expect((await fetch(`${configured.baseUrl}from-config/vendor/sessions`)).status).not.toBe(200);
    } finally {
      await Promise.all([hub.stop(), configured.stop()]);
    }
  }, 60_000);

  it('refuses another system\'s serve options, naming whose they are (exit 2)', async () => {
    const run = await runWirecheck(['serve', 'webhook', '--allow-insecure=*:session_discovery', '--install-driver']);
    expect(run.exitCode).toBe(2);
    expect(run.stderr).toContain('--allow-insecure is an option of serve device-server, not of serve webhook');
    expect(run.stderr).toContain('--install-driver is an option of serve device-server, not of serve webhook');
  });

  it('--help lists the server\'s flags and --install-driver', async () => {
    const help = await runWirecheck(['serve', '--help']);
    expect(help.exitCode).toBe(0);
    for (const flag of ['--address A', '--base-path P', '--allow-insecure S:F[,S:F]', '--config FILE', '--log-level L', '--install-driver', '-- ARGS']) expect(help.stdout).toContain(flag);
  });
});

describe('--server-cmd with relative paths', () => {
  it('takes them from the directory wirecheck runs in: a run from the project root passes the checks that start instances', async () => {
    const run = await runWirecheck(['run', 'device-server', '--target', 'external', '--base-url', served?.baseUrl ?? '', ...SESSION,
      '--session-discovery', '--server-cmd', 'node --import tsx reference-impl/device-server/cli.ts', '--no-allure', '--only', 'DS-CLI-01,DS-BASE-02,DS-EXT-01'], { env: { VENDOR_HOME: home } });
    expect(run.exitCode, run.stdout + run.stderr).toBe(0);
    const outcomes = outcomesById(run.summary);
    for (const id of ['DS-CLI-01', 'DS-BASE-02', 'DS-EXT-01']) expect(outcomes.get(id)?.outcome, `${id}: ${outcomes.get(id)?.reason}`).toBe('passed');
  }, 180_000);

  it('a server command that cannot start shows what its log ends with in the reason', async () => {
    const run = await runWirecheck(['run', 'device-server', '--target', 'external', '--base-url', served?.baseUrl ?? '', ...SESSION,
      '--session-discovery', '--server-cmd', 'node --import tsx reference-impl/device-server/no-such-cli.ts', '--no-allure', '--only', 'DS-BASE-02'], { env: { VENDOR_HOME: home } });
    expect(run.exitCode, run.stdout + run.stderr).toBe(1);
    const reason = outcomesById(run.summary).get('DS-BASE-02')?.reason ?? '';
    expect(reason).toMatch(/exited with 1 before it was ready; its log ends: Error \[ERR_MODULE_NOT_FOUND\]: Cannot find module '[^']*reference-impl\/device-server\/no-such-cli\.ts'/);
    expect(run.stdout).toContain('ERR_MODULE_NOT_FOUND');
  }, 120_000);
});

describe('a run that does not say whether the server has session discovery', () => {
  it('asks, with exit 2 before any check, when the server was started with *:session_discovery and --session-discovery was forgotten', async () => {
    const run = await runWirecheck(['run', 'device-server', '--target', 'external', '--base-url', served?.baseUrl ?? '', ...SESSION, '--no-allure', '--only', 'DS-DISC-05'],
      { env: { VENDOR_HOME: home } });
    expect(run.exitCode, run.stdout + run.stderr).toBe(2);
    expect(run.stderr).toContain(`GET ${served?.baseUrl}vendor/sessions answers a session listing`);
    expect(run.stderr).toContain('Was the target started with --allow-insecure=*:session_discovery, and --session-discovery forgotten? If it was, add --session-discovery');
    expect(run.stderr).toContain('--no-session-discovery');
  }, 60_000);
});
