// Each HTTP-visible fault must change exactly the behaviour it names (the self-test
// relies on it to prove a conformance check can fail).
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { DeviceServerFault } from './faults.ts';
import { testApp, W3C_BASE_CAPS } from './testing/test-app.ts';

const APP = path.join(mkdtempSync(path.join(os.tmpdir(), 'vendor-faults-')), 'sample.apk');
writeFileSync(APP, 'any bytes');

describe('faults of the reference device server (HTTP)', () => {
  it('base-path-ignored: routes stay at / although --base-path=/wd/hub', async () => {
    const { call } = await testApp({ basePath: '/wd/hub', faults: ['base-path-ignored'] });
    expect((await call('GET', '/status')).status).toBe(200);
    expect((await call('GET', '/wd/hub/status')).status).toBe(404);
  });

  it('legacy-desired-capabilities-accepted: desiredCapabilities alone creates a session', async () => {
    const { call } = await testApp({ faults: ['legacy-desired-capabilities-accepted'] });
    expect((await call('POST', '/session', { desiredCapabilities: { ...W3C_BASE_CAPS, 'vendor:deviceName': 'f-legacy' } })).status).toBe(200);
  });

  it('legacy-sessions-route: GET /sessions lists sessions', async () => {
    const { call, session } = await testApp({ faults: ['legacy-sessions-route'] });
    await session();
    expect((await call('GET', '/sessions')).body.value).toHaveLength(1);
  });

  it('sessions-route-without-flag: vendor/sessions answers without *:session_discovery', async () => {
    expect((await (await testApp({ faults: ['sessions-route-without-flag'] })).call('GET', '/vendor/sessions')).status).toBe(200);
  });

  it('legacy-accept-alert: POST accept_alert accepts the alert', async () => {
    const { call, session } = await testApp({ faults: ['legacy-accept-alert'] });
    const id = await session({ 'vendor:app': APP });
    expect((await call('POST', `/session/${id}/accept_alert`)).status).toBe(200);
    expect((await call('POST', `/session/${id}/alert/accept`)).status).toBe(404);
  });

  it('legacy-app-launch: POST vendor/app/launch launches the app', async () => {
    const { call, session } = await testApp({ faults: ['legacy-app-launch'] });
    const id = await session({ 'vendor:app': APP, 'vendor:autoLaunch': false });
    expect((await call('POST', `/session/${id}/vendor/app/launch`)).status).toBe(200);
    expect((await call('GET', `/session/${id}/alert/text`)).body.value).toBe('sample is running. Allow notifications?');
  });

  it('legacy-touch-perform: POST touch/perform answers 200', async () => {
    const { call, session } = await testApp({ faults: ['legacy-touch-perform'] });
    expect((await call('POST', `/session/${await session()}/touch/perform`, { actions: [] })).status).toBe(200);
  });

  it('unknown-automation-name-fallback: an unknown automationName gets the installed driver', async () => {
    const { session } = await testApp({ faults: ['unknown-automation-name-fallback'] });
    await expect(session({ 'vendor:automationName': 'UiAutomator2' })).resolves.toEqual(expect.any(String));
  });

  it('delete-leaves-session: DELETE answers success but the session and the device lock remain', async () => {
    const { call, session } = await testApp({ faults: ['delete-leaves-session'] });
    const id = await session({ 'vendor:deviceName': 'f-orphan' });
    expect((await call('DELETE', `/session/${id}`)).status).toBe(200);
    expect((await call('DELETE', `/session/${id}`)).status).toBe(200);
    await expect(session({ 'vendor:deviceName': 'f-orphan' })).rejects.toThrow(/busy/);
  });

  it('version-not-3: status reports a 2.x version', async () => {
    expect((await (await testApp({ faults: ['version-not-3'] })).call('GET', '/status')).body.value.build.version).toMatch(/^2\./);
  });

  it('unprefixed-capabilities-accepted: automationName without a prefix is accepted', async () => {
    const { call } = await testApp({ faults: ['unprefixed-capabilities-accepted'] });
    const body = { capabilities: { alwaysMatch: { platformName: 'Android', automationName: 'SimAndroid', deviceName: 'f-unprefixed' } } };
    expect((await call('POST', '/session', body)).status).toBe(200);
  });

  it('status-ready-string: value.ready is the string "true"', async () => {
    expect((await (await testApp({ faults: ['status-ready-string'] })).call('GET', '/status')).body.value.ready).toBe('true');
  });

  it('session-id-missing: the new-session answer has capabilities but no sessionId', async () => {
    const { call } = await testApp({ faults: ['session-id-missing'] });
    const response = await call('POST', '/session', { capabilities: { alwaysMatch: { ...W3C_BASE_CAPS, 'vendor:deviceName': 'f-no-id' } } });
    expect(response.status).toBe(200);
    expect(Object.keys(response.body.value)).toEqual(['capabilities']);
  });

  it('first-match-ignored: a firstMatch entry holding automationName is dropped', async () => {
    const { call } = await testApp({ faults: ['first-match-ignored'] });
    const body = { capabilities: { alwaysMatch: { platformName: 'Android' }, firstMatch: [{ 'vendor:automationName': 'SimAndroid' }] } };
    expect((await call('POST', '/session', body)).status).toBe(400);
  });

  it('capability-types-unchecked: a word for vendor:newCommandTimeout creates a session', async () => {
    const { session } = await testApp({ faults: ['capability-types-unchecked'] });
    await expect(session({ 'vendor:newCommandTimeout': 'a minute', 'vendor:deviceName': 'f-types' })).resolves.toEqual(expect.any(String));
  });

  it('new-command-timeout-refused: a numeric vendor:newCommandTimeout is refused', async () => {
    const { call } = await testApp({ faults: ['new-command-timeout-refused'] });
    const body = { capabilities: { alwaysMatch: { ...W3C_BASE_CAPS, 'vendor:newCommandTimeout': 60, 'vendor:deviceName': 'f-timeout' } } };
    expect((await call('POST', '/session', body)).status).toBe(400);
  });

  it('app-path-unchecked: a relative vendor:app creates a session without the app', async () => {
    const { session } = await testApp({ faults: ['app-path-unchecked'] });
    await expect(session({ 'vendor:app': 'no/such/app.apk' })).resolves.toEqual(expect.any(String));
  });

  it('wd-hub-alias: routes answer under /wd/hub too', async () => {
    const { call } = await testApp({ faults: ['wd-hub-alias'] });
    expect((await call('GET', '/wd/hub/status')).status).toBe(200);
    expect((await call('GET', '/status')).status).toBe(200);
  });

  it('base-path-prefix-unchecked: /wd/hux/status on a /wd/hub server is taken for /status (405, not 404)', async () => {
    const { call } = await testApp({ basePath: '/wd/hub', faults: ['base-path-prefix-unchecked'] });
    expect((await call('GET', '/wd/hux/status')).status).toBe(405);
  });

  it('session-discovery-ignored: vendor/sessions is not routed although *:session_discovery is on', async () => {
    const { call } = await testApp({ faults: ['session-discovery-ignored'], allowInsecure: ['*:session_discovery'] });
    expect((await call('GET', '/vendor/sessions')).status).toBe(404);
  });

  it('app-not-launched: a session with an app shows no alert', async () => {
    const { call, session } = await testApp({ faults: ['app-not-launched'] });
    const id = await session({ 'vendor:app': APP });
    expect((await call('GET', `/session/${id}/alert/text`)).status).toBe(404);
  });

  it('alert-accept-ignored: alert/accept answers 200 and the alert stays open', async () => {
    const { call, session } = await testApp({ faults: ['alert-accept-ignored'] });
    const id = await session({ 'vendor:app': APP });
    expect((await call('POST', `/session/${id}/alert/accept`)).status).toBe(200);
    expect((await call('GET', `/session/${id}/alert/text`)).status).toBe(200);
  });

  it('sessions-route-empty-without-flag: vendor/sessions answers an empty list without *:session_discovery', async () => {
    const { call, session } = await testApp({ faults: ['sessions-route-empty-without-flag'] });
    await session();
    const response = await call('GET', '/vendor/sessions');
    expect([response.status, response.body.value]).toEqual([200, []]);
  });

  it('legacy-alert-text-post: POST alert_text answers 200 with an alert open', async () => {
    const { call, session } = await testApp({ faults: ['legacy-alert-text-post'] });
    const id = await session({ 'vendor:app': APP });
    expect((await call('POST', `/session/${id}/alert_text`, { text: 'x' })).status).toBe(200);
    expect((await call('GET', `/session/${id}/alert_text`)).body.value.error).toBe('unknown method');
  });

  it('legacy-touch-routes-session-checked: touch/click is invalid session id on an unknown session, unknown command on a live one', async () => {
    const { call, session } = await testApp({ faults: ['legacy-touch-routes-session-checked'] });
    expect((await call('POST', '/session/no-such-session/touch/flick', {})).body.value.error).toBe('invalid session id');
    expect((await call('POST', `/session/${await session()}/touch/click`, {})).body.value.error).toBe('unknown command');
    expect((await call('POST', '/session/no-such-session/touch/perform', {})).body.value.error).toBe('unknown command');
  });

  it('legacy-app-routes-unsupported: vendor/app/launch answers 500 unsupported operation on a live session', async () => {
    const { call, session } = await testApp({ faults: ['legacy-app-routes-unsupported'] });
    const response = await call('POST', `/session/${await session()}/vendor/app/launch`, {});
    expect([response.status, response.body.value.error]).toEqual([500, 'unsupported operation']);
  });

  it('ended-session-unknown-error: a command on a deleted session answers 500 unknown error', async () => {
    const { call, session } = await testApp({ faults: ['ended-session-unknown-error'] });
    const id = await session();
    await call('DELETE', `/session/${id}`);
    const response = await call('GET', `/session/${id}/alert/text`);
    expect([response.status, response.body.value.error]).toEqual([500, 'unknown error']);
  });

  it('status-never-ready: value.ready is false, yet a session is created', async () => {
    const { call, session } = await testApp({ faults: ['status-never-ready'] });
    expect((await call('GET', '/status')).body.value.ready).toBe(false);
    expect(await session()).toBeTruthy();
  });

  it('request-log-without-method: the request lines and the No route line name the path, not the method', async () => {
    const { call, lines } = await testApp({ faults: ['request-log-without-method'] });
    await call('POST', '/session/no-such-session/touch/perform', {});
    const naming = lines.filter((l) => l.includes('/session/no-such-session/touch/perform'));
    expect(naming.length).toBeGreaterThan(0);
    expect(naming.some((l) => l.includes('POST /session/no-such-session/touch/perform'))).toBe(false);
    expect(naming.some((l) => l.includes('No route found for /session/no-such-session/touch/perform'))).toBe(true);
  });

  it('delete-route-missing: DELETE session is an unknown command and the session stays', async () => {
    const { call, session } = await testApp({ faults: ['delete-route-missing'] });
    const id = await session();
    const response = await call('DELETE', `/session/${id}`);
    expect([response.status, response.body.value.error]).toEqual([404, 'unknown command']);
    expect((await call('GET', `/session/${id}/alert/text`)).body.value.error).not.toBe('invalid session id');
  });

  describe('the scope and name of an insecure feature (mobile: shell needs adb_shell)', () => {
    const shell = { script: 'mobile: shell', args: [{ command: 'echo', args: ['scoped'] }] };
    const shellWith = async (fault: DeviceServerFault, allowInsecure: string[]) => {
      const { call, session } = await testApp({ faults: [fault], allowInsecure });
      return call('POST', `/session/${await session()}/execute/sync`, shell);
    };

    it('adb-shell-without-flag: mobile: shell runs with no --allow-insecure', async () => {
      expect((await shellWith('adb-shell-without-flag', [])).body.value).toBe('scoped');
    });

    it('feature-scope-ignored: another driver\'s scope enables it', async () => {
      expect((await shellWith('feature-scope-ignored', ['otherdriver:adb_shell'])).body.value).toBe('scoped');
    });

    it('feature-name-ignored: another feature for the driver enables it', async () => {
      expect((await shellWith('feature-name-ignored', ['simandroid:session_discovery'])).body.value).toBe('scoped');
      expect((await shellWith('feature-name-ignored', [])).status).toBe(500);
    });

    it('wildcard-scope-ignored: *:adb_shell enables nothing, simandroid:adb_shell still does', async () => {
      expect((await shellWith('wildcard-scope-ignored', ['*:adb_shell'])).status).toBe(500);
      expect((await shellWith('wildcard-scope-ignored', ['simandroid:adb_shell'])).body.value).toBe('scoped');
    });
  });

  it('session-route-needs-driver: with no driver installed, POST session answers as an unknown route', async () => {
    const without = await testApp({ faults: ['session-route-needs-driver'], withDriver: false });
    const response = await without.call('POST', '/session', { capabilities: { alwaysMatch: W3C_BASE_CAPS } });
    expect([response.status, response.body.value.error]).toEqual([404, 'unknown command']);
    expect(await (await testApp({ faults: ['session-route-needs-driver'] })).session()).toBeTruthy();
  });

  it('w3c-actions-unsupported: POST actions is an unknown command', async () => {
    const { call, session } = await testApp({ faults: ['w3c-actions-unsupported'] });
    const response = await call('POST', `/session/${await session()}/actions`, { actions: [] });
    expect(response.status).toBe(404);
    expect(response.body.value.error).toBe('unknown command');
  });
});
