// As users do: webdriverio's remote() against the reference, through the CLI.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { remote } from 'webdriverio';
import { runCli, sampleApp, SIM_DRIVER_DIR, startServerProcess, tempHome, type ServerProcess, type TempHome } from './testing/cli-runner.ts';

let home: TempHome;
let server: ServerProcess;

beforeAll(async () => {
  home = tempHome();
  expect((await runCli(['driver', 'install', '--source=local', SIM_DRIVER_DIR], home.env)).code).toBe(0);
  server = await startServerProcess(['--address', '127.0.0.1', '--port', '0', '--base-path=/wd/hub'], home.env);
});

afterAll(async () => {
  await server?.stop();
  home?.cleanup();
});

describe('webdriverio against the reference', () => {
  it('creates a session, accepts the app alert, runs an execute method and deletes the session', async () => {
    const url = new URL(server.url);
    const browser = await remote({
      hostname: url.hostname,
      port: Number(url.port),
      path: url.pathname,
      logLevel: 'silent',
      connectionRetryCount: 0,
      capabilities: { platformName: 'Android', 'vendor:automationName': 'SimAndroid', 'vendor:app': sampleApp(home) } as WebdriverIO.Capabilities,
    });
    expect(browser.sessionId).toMatch(/^[0-9a-f-]{36}$/);
    expect(await browser.getAlertText()).toContain('Sample');
    await browser.acceptAlert();
    expect(await browser.execute('mobile: queryAppState', { appId: 'com.example.sample' })).toBe(4);
    await browser.deleteSession();
    const after = await fetch(`${server.url}/session/${browser.sessionId}/alert/text`);
    expect(after.status).toBe(404);
    await vi.waitFor(() => expect(server.output()).toContain(`<-- DELETE /wd/hub/session/${browser.sessionId} 200`));
  });
});
