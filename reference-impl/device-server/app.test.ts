import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { testApp, W3C_BASE_CAPS, type TestApp } from './testing/test-app.ts';

const dir = mkdtempSync(path.join(os.tmpdir(), 'vendor-app-'));
const APP = path.join(dir, 'sample.apk');
writeFileSync(APP, JSON.stringify({ appId: 'com.example.sample', label: 'Sample' }));

const newSession = (caps: Record<string, unknown>) => ({ capabilities: { alwaysMatch: { ...W3C_BASE_CAPS, ...caps } } });

function expectW3CError(response: Awaited<ReturnType<TestApp['call']>>, status: number, error: string): void {
  expect(response.status).toBe(status);
  expect(response.body.value).toEqual({ error, message: expect.any(String), stacktrace: expect.any(String) });
}

describe('status and base path', () => {
  it('GET status answers ready with a 3.x build version', async () => {
    const { call } = await testApp();
    const response = await call('GET', '/status');
    expect(response.status).toBe(200);
    expect(response.body.value).toMatchObject({ ready: true, message: expect.any(String), build: { version: expect.stringMatching(/^3\./) } });
  });

  it('serves everything under --base-path and nothing outside it', async () => {
    const { call, lines } = await testApp({ basePath: '/wd/hub' });
    expect((await call('GET', '/wd/hub/status')).status).toBe(200);
    expect((await call('GET', '/wd/hub/status/')).status).toBe(200);
    expectW3CError(await call('GET', '/status'), 404, 'unknown command');
    expectW3CError(await call('GET', '/wd/hux/status'), 404, 'unknown command');
    expectW3CError(await call('POST', '/session', newSession({})), 404, 'unknown command');
    expect(lines).toContain('[HTTP] No route found for POST /session: unknown command');
  });

  it('with base path / a request to /wd/hub/session is 404 unknown command', async () => {
    const { call } = await testApp();
    expectW3CError(await call('POST', '/wd/hub/session', newSession({})), 404, 'unknown command');
  });

  it('answers a known path with another method 405 unknown method', async () => {
    const { call } = await testApp();
    expectW3CError(await call('PUT', '/status'), 405, 'unknown method');
    expectW3CError(await call('GET', '/session'), 405, 'unknown method');
  });

  it('answers /healthz for readiness polling', async () => {
    expect((await (await testApp()).call('GET', '/healthz')).body).toEqual({ status: 'ok' });
  });
});

describe('new session', () => {
  it('creates a session with the installed driver, automationName compared case-insensitively', async () => {
    const { call } = await testApp();
    const response = await call('POST', '/session', newSession({ 'vendor:automationName': 'simandroid', 'vendor:app': APP, 'vendor:deviceName': 'd-create' }));
    expect(response.status).toBe(200);
    expect(response.body.value).toEqual({
      sessionId: expect.stringMatching(/^[0-9a-f-]{36}$/),
      capabilities: expect.objectContaining({ platformName: 'Android', automationName: 'simandroid', app: APP, deviceName: 'd-create' }),
    });
  });

  it('tries each firstMatch set in order and takes the first one a driver matches', async () => {
    const { call } = await testApp();
    const response = await call('POST', '/session', {
      capabilities: {
        alwaysMatch: { platformName: 'Android', 'vendor:deviceName': 'd-first-match' },
        firstMatch: [{ 'vendor:automationName': 'NoSuchDriver' }, { 'vendor:automationName': 'SimAndroid' }],
      },
    });
    expect(response.status).toBe(200);
    expect(response.body.value.capabilities.automationName).toBe('SimAndroid');
  });

  it('fails with session not created naming the automation name and the home when no driver matches', async () => {
    const { call } = await testApp();
    const response = await call('POST', '/session', newSession({ 'vendor:automationName': 'UiAutomator2' }));
    expectW3CError(response, 500, 'session not created');
    expect(response.body.value.message).toContain("automationName 'UiAutomator2'");
    expect(response.body.value.message).toContain('/tmp/test-home');
    expectW3CError(await call('POST', '/session', newSession({ platformName: 'iOS' })), 500, 'session not created');
  });

  it('fails with session not created when no driver is installed', async () => {
    const { call } = await testApp({ withDriver: false });
    const response = await call('POST', '/session', newSession({}));
    expectW3CError(response, 500, 'session not created');
    expect(response.body.value.message).toContain('No drivers are installed');
  });

  it.each([
    ['legacy desiredCapabilities only', { desiredCapabilities: W3C_BASE_CAPS }],
    ['legacy requiredCapabilities only', { requiredCapabilities: W3C_BASE_CAPS }],
    ['an unprefixed non-standard capability', newSession({ automationName: 'SimAndroid' })],
    ['a relative vendor:app', newSession({ 'vendor:app': 'apps/sample.apk' })],
    ['no platformName', { capabilities: { alwaysMatch: { 'vendor:automationName': 'SimAndroid' } } }],
    ['a name in alwaysMatch and firstMatch', { capabilities: { alwaysMatch: W3C_BASE_CAPS, firstMatch: [{ platformName: 'Android' }] } }],
    ['a body that is not an object', [1, 2]],
  ])('refuses %s with 400 invalid argument and creates nothing', async (_title, body) => {
    const { call, service } = await testApp();
    expectW3CError(await call('POST', '/session', body), 400, 'invalid argument');
    expect(service.sessions.list()).toEqual([]);
  });

  it('answers malformed JSON with 400 invalid argument', async () => {
    const { app } = await testApp();
    const response = await app.inject({ method: 'POST', url: '/session', payload: '{"capabilities":', headers: { 'content-type': 'application/json' } });
    expect(response.statusCode).toBe(400);
    expect(response.json().value.error).toBe('invalid argument');
  });

  it('fails with session not created when vendor:app does not exist', async () => {
    const { call } = await testApp();
    expectW3CError(await call('POST', '/session', newSession({ 'vendor:app': path.join(dir, 'missing.apk') })), 500, 'session not created');
  });
});

describe('deleting a session', () => {
  it('answers {"value":null}; the id is then invalid and the device holds no session', async () => {
    const { call, session } = await testApp();
    const id = await session({ 'vendor:app': APP, 'vendor:deviceName': 'd-delete' });
    expect(await call('DELETE', `/session/${id}`)).toEqual({ status: 200, body: { value: null } });
    expectW3CError(await call('GET', `/session/${id}/alert/text`), 404, 'invalid session id');
    expectW3CError(await call('DELETE', `/session/${id}`), 404, 'invalid session id');
    const again = await session({ 'vendor:deviceName': 'd-delete' });
    const info = await call('POST', `/session/${again}/execute/sync`, { script: 'mobile: deviceInfo', args: [] });
    expect(info.body.value).toMatchObject({ sessionId: again, runningApps: [], alertText: null });
  });

  it('refuses a second session on a device that is held', async () => {
    const { call, session } = await testApp();
    await session({ 'vendor:deviceName': 'd-busy' });
    const response = await call('POST', '/session', newSession({ 'vendor:deviceName': 'd-busy' }));
    expectW3CError(response, 500, 'session not created');
    expect(response.body.value.message).toContain('busy');
  });
});

describe('alerts and execute methods', () => {
  it('the launched app shows an alert: text, accept, then no such alert', async () => {
    const { call, session } = await testApp();
    const id = await session({ 'vendor:app': APP });
    expect((await call('GET', `/session/${id}/alert/text`)).body.value).toBe('Sample is running. Allow notifications?');
    expect(await call('POST', `/session/${id}/alert/accept`)).toEqual({ status: 200, body: { value: null } });
    expectW3CError(await call('POST', `/session/${id}/alert/accept`), 404, 'no such alert');
    expectW3CError(await call('GET', `/session/${id}/alert/text`), 404, 'no such alert');
  });

  it('mobile: launchApp / activateApp / terminateApp / queryAppState drive the app; a launch raises the alert', async () => {
    const { call, session } = await testApp();
    const id = await session({ 'vendor:app': APP, 'vendor:autoLaunch': false });
    const exec = (script: string, args: unknown[] = [{ appId: 'com.example.sample' }]) => call('POST', `/session/${id}/execute/sync`, { script, args });
    expectW3CError(await call('POST', `/session/${id}/alert/accept`), 404, 'no such alert');
    expect((await exec('mobile: queryAppState')).body.value).toBe(1);
    expect(await exec('mobile: launchApp', [{}])).toEqual({ status: 200, body: { value: null } });
    expect((await exec('mobile: queryAppState')).body.value).toBe(4);
    expect((await call('POST', `/session/${id}/alert/accept`)).status).toBe(200);
    expect((await exec('mobile: terminateApp')).body.value).toBe(true);
    expect((await exec('mobile: queryAppState')).body.value).toBe(1);
    expect((await exec('mobile: activateApp')).status).toBe(200);
    expect((await call('GET', `/session/${id}/alert/text`)).status).toBe(200);
    expect((await exec('mobile: queryAppState', [{ appId: 'com.example.other' }])).body.value).toBe(0);
  });

  it('unknown or non-mobile scripts are unsupported operation; a malformed body is invalid argument', async () => {
    const { call, session } = await testApp();
    const id = await session();
    expectW3CError(await call('POST', `/session/${id}/execute/sync`, { script: 'mobile: frobnicate', args: [] }), 500, 'unsupported operation');
    expectW3CError(await call('POST', `/session/${id}/execute/sync`, { script: 'return 1', args: [] }), 500, 'unsupported operation');
    expectW3CError(await call('POST', `/session/${id}/execute/sync`, { script: 'mobile: launchApp' }), 400, 'invalid argument');
    expectW3CError(await call('POST', `/session/${id}/execute/sync`, { args: [] }), 400, 'invalid argument');
    expectW3CError(await call('POST', `/session/${id}/execute/sync`, { script: 'mobile: launchApp', args: [{}] }), 400, 'invalid argument');
  });

  it('mobile: shell needs <driver>:adb_shell or *:adb_shell', async () => {
    const shell = { script: 'mobile: shell', args: [{ command: 'echo', args: ['hi'] }] };
    for (const allow of [[], ['other:adb_shell'], ['simandroid:session_discovery']]) {
      const { call, session } = await testApp({ allowInsecure: allow });
      const response = await call('POST', `/session/${await session()}/execute/sync`, shell);
      expectW3CError(response, 500, 'unknown error');
      expect(response.body.value.message).toContain('--allow-insecure=simandroid:adb_shell');
    }
    for (const allow of [['simandroid:adb_shell'], ['*:adb_shell'], ['SimAndroid:adb_shell']]) {
      const { call, session } = await testApp({ allowInsecure: allow });
      expect((await call('POST', `/session/${await session()}/execute/sync`, shell)).body.value).toBe('hi');
    }
  });
});

describe('W3C actions', () => {
  it('performs valid actions, refuses malformed ones, releases', async () => {
    const { call, session } = await testApp();
    const id = await session();
    const tap = { type: 'pointer', id: 'f1', parameters: { pointerType: 'touch' }, actions: [{ type: 'pointerMove', x: 1, y: 2 }, { type: 'pointerDown', button: 0 }, { type: 'pointerUp', button: 0 }] };
    expect(await call('POST', `/session/${id}/actions`, { actions: [tap] })).toEqual({ status: 200, body: { value: null } });
    expectW3CError(await call('POST', `/session/${id}/actions`, { actions: [{ ...tap, type: 'finger' }] }), 400, 'invalid argument');
    expect(await call('DELETE', `/session/${id}/actions`)).toEqual({ status: 200, body: { value: null } });
    expectW3CError(await call('POST', '/session/no-such-session/actions', { actions: [tap] }), 404, 'invalid session id');
  });
});

describe('session discovery', () => {
  it('GET vendor/sessions is 404 unknown command without *:session_discovery', async () => {
    for (const allow of [[], ['simandroid:session_discovery']]) {
      expectW3CError(await (await testApp({ allowInsecure: allow })).call('GET', '/vendor/sessions'), 404, 'unknown command');
    }
  });

  it('lists active sessions with *:session_discovery (empty array when none)', async () => {
    const { call, session } = await testApp({ allowInsecure: ['*:session_discovery'], basePath: '/wd/hub' });
    expect(await call('GET', '/wd/hub/vendor/sessions')).toEqual({ status: 200, body: { value: [] } });
    const id = await session();
    const listed = await call('GET', '/wd/hub/vendor/sessions');
    expect(listed.body.value).toEqual([{ id, created: expect.any(Number), capabilities: expect.objectContaining({ platformName: 'Android' }) }]);
  });
});

describe('removed legacy routes', () => {
  const legacy = [
    'GET /sessions',
    'POST /session/:id/accept_alert',
    'POST /session/:id/dismiss_alert',
    'POST /session/:id/vendor/app/launch',
    'POST /session/:id/vendor/app/close',
    'POST /session/:id/vendor/app/reset',
    'POST /session/:id/touch/perform',
    'POST /session/:id/touch/multi/perform',
    ...['click', 'down', 'up', 'move', 'scroll', 'flick', 'longclick', 'doubleclick'].map((t) => `POST /session/:id/touch/${t}`),
  ];

  it.each(legacy)('%s is 404 unknown command and logged with method and path', async (route) => {
    const { call, session, lines } = await testApp();
    const [method, template] = route.split(' ') as ['GET' | 'POST', string];
    const url = template.replace(':id', await session());
    expectW3CError(await call(method, url, method === 'POST' ? {} : undefined), 404, 'unknown command');
    expect(lines.some((line) => line.includes(`No route found for ${method} ${url}: unknown command`))).toBe(true);
  });
});

describe('bad input never crashes the server', () => {
  it.each([
    ['an undecodable URL', 'GET', '/session/%E0%A4%A/alert/text', undefined, 400, 'invalid argument'],
    ['a __proto__ capability', 'POST', '/session', '{"capabilities":{"alwaysMatch":{"platformName":"Android","vendor:automationName":"SimAndroid","__proto__":{"x":1}}}}', 400, 'invalid argument'],
    ['a JSON null body', 'POST', '/session', 'null', 400, 'invalid argument'],
    ['a control character in JSON', 'POST', '/session', '{"a":"\u0001"}', 400, 'invalid argument'],
  ] as const)('%s → W3C error', async (_title, method, url, payload, status, error) => {
    const { app } = await testApp();
    const response = await app.inject({ method, url, ...(payload ? { payload, headers: { 'content-type': 'application/json' } } : {}) });
    expect(response.statusCode).toBe(status);
    expect(response.json().value.error).toBe(error);
  });

  it('an execute method named like an Object.prototype member is unsupported operation', async () => {
    const { call, session } = await testApp();
    const response = await call('POST', `/session/${await session()}/execute/sync`, { script: 'mobile: constructor', args: [] });
    expectW3CError(response, 500, 'unsupported operation');
  });
});
