// The server started through the CLI on a free port (port 0), driven over real sockets.
import { afterEach, describe, expect, it } from 'vitest';
import { json, runCli, sampleApp, SIM_DRIVER_DIR, startServerProcess, tempHome, type ServerProcess, type TempHome } from './testing/cli-runner.ts';

const homes: TempHome[] = [];
const servers: ServerProcess[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.stop()));
  homes.splice(0).forEach((h) => h.cleanup());
});

async function homeWithDriver(env: NodeJS.ProcessEnv = {}): Promise<TempHome> {
  const h = tempHome(env);
  homes.push(h);
  expect((await runCli(['driver', 'install', '--source=local', SIM_DRIVER_DIR], h.env)).code).toBe(0);
  return h;
}

async function start(args: string[], h: TempHome): Promise<ServerProcess> {
  const server = await startServerProcess(['--address', '127.0.0.1', '--port', '0', ...args], h.env);
  servers.push(server);
  return server;
}

const post = (url: string, body: unknown) => fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }).then(json);
const get = (url: string) => fetch(url).then(json);
const del = (url: string) => fetch(url, { method: 'DELETE' }).then(json);

describe('server through the CLI', () => {
  it('runs a full session with the installed driver: create, alert, launchApp, delete, no orphan', async () => {
    const h = await homeWithDriver();
    const server = await start([], h);
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/$/);
    expect((await get(`${server.url}status`)).body.value).toMatchObject({ ready: true });
    const caps = { capabilities: { alwaysMatch: { platformName: 'Android', 'vendor:automationName': 'SimAndroid', 'vendor:app': sampleApp(h), 'vendor:deviceName': 'emu' } } };
    const created = await post(`${server.url}session`, caps);
    expect(created.status).toBe(200);
    const id = (created.body.value as { sessionId: string }).sessionId;
    const session = `${server.url}session/${id}`;
    expect((await post(`${session}/alert/accept`, {})).status).toBe(200);
    expect((await post(`${session}/alert/accept`, {})).body.value).toMatchObject({ error: 'no such alert' });
    expect((await post(`${session}/execute/sync`, { script: 'mobile: launchApp', args: [{ appId: 'com.example.sample' }] })).status).toBe(200);
    expect((await get(`${session}/alert/text`)).status).toBe(200);
    expect((await post(`${server.url}session/${id}/touch/perform`, { actions: [] })).status).toBe(404);
    expect(await del(session)).toEqual({ status: 200, body: { value: null } });
    expect((await get(`${session}/alert/text`)).body.value).toMatchObject({ error: 'invalid session id' });
    const again = await post(`${server.url}session`, caps);
    expect(again.status).toBe(200);
    expect(server.output()).toContain(`No route found for POST /session/${id}/touch/perform: unknown command`);
  });

  it('answers session not created when no driver is installed in the home', async () => {
    const h = tempHome();
    homes.push(h);
    const server = await start([], h);
    const response = await post(`${server.url}session`, { capabilities: { alwaysMatch: { platformName: 'Android', 'vendor:automationName': 'SimAndroid' } } });
    expect(response.status).toBe(500);
    expect(response.body.value).toMatchObject({ error: 'session not created', message: expect.stringContaining(h.dir) });
  });

  it('serves under --base-path and enables session discovery with the space forms', async () => {
    const h = await homeWithDriver();
    const server = await start(['--base-path', '/wd/hub', '--allow-insecure', '*:session_discovery'], h);
    expect(server.url).toMatch(/\/wd\/hub$/);
    const origin = new URL(server.url).origin;
    expect((await get(`${origin}/wd/hub/status`)).status).toBe(200);
    expect((await get(`${origin}/status`)).status).toBe(404);
    expect(await get(`${origin}/wd/hub/vendor/sessions`)).toEqual({ status: 200, body: { value: [] } });
  });

  it('takes settings from --config, lets flags override them', async () => {
    const h = await homeWithDriver();
    const config = h.file('config.json', JSON.stringify({ server: { port: 0, 'base-path': '/from-file', 'allow-insecure': ['*:session_discovery'], 'log-level': 'info' } }));
    const server = await start(['--config', config, '--base-path=/from-flag'], h);
    expect(new URL(server.url).pathname).toBe('/from-flag');
    expect((await get(`${server.url}/vendor/sessions`)).status).toBe(200);
  });

  it.each([
    ['an unscoped feature', ['--allow-insecure=adb_shell'], /<scope>:<feature>.*simandroid:adb_shell/],
    ['--relaxed-security', ['--relaxed-security'], /relaxed-security is not offered/],
    ['an unknown config key', ['--config', 'CONFIG'], /unknown key "server\.prot"/],
  ])('refuses to start with %s: clear message, non-zero exit, no server', async (_title, args, message) => {
    const h = tempHome();
    homes.push(h);
    const config = h.file('bad-config.json', JSON.stringify({ server: { prot: 4723 } }));
    const result = await runCli(['--port', '0', ...args.map((a) => (a === 'CONFIG' ? config : a))], h.env);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(message);
    expect(result.stdout).not.toContain('listener started');
  });

  it('exits with an engine error naming found and required versions before loading any driver', async () => {
    const h = await homeWithDriver();
    const result = await runCli(['--port', '0'], { ...h.env, VENDOR_ENGINE_NODE_VERSION: '18.20.0' });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('engine error: Node.js 18.20.0 found, but ^20.19.0 || ^22.12.0 || >=24.0.0 is required');
    expect(result.stdout).not.toContain('Attempting to load driver');
  });

  it('binds 127.0.0.1 by default, 0.0.0.0 with the bind-all-interfaces fault', async () => {
    const h = tempHome();
    homes.push(h);
    const safe = await startServerProcess(['--port', '0'], h.env);
    servers.push(safe);
    expect(safe.url).toMatch(/^http:\/\/127\.0\.0\.1:/);
    const faulty = await startServerProcess(['--port', '0'], { ...h.env, CONFORMANCE_FAULTS_ENABLED: '1', WIRECHECK_FAULTS: 'bind-all-interfaces' });
    servers.push(faulty);
    expect(faulty.url).toMatch(/^http:\/\/0\.0\.0\.0:/);
  });

  it('accepts unscoped features and relaxed security only with their faults', async () => {
    const h = tempHome({ CONFORMANCE_FAULTS_ENABLED: '1', WIRECHECK_FAULTS: 'unscoped-feature-accepted,relaxed-security-accepted' });
    homes.push(h);
    servers.push(await start(['--allow-insecure=adb_shell'], h));
    const relaxed = await start(['--relaxed-security'], h);
    servers.push(relaxed);
    expect((await get(`${relaxed.url}vendor/sessions`)).status).toBe(200);
  });
});
