import { chmodSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { diagnoseAdb } from './doctor/adb-check.ts';
import { diagnoseAndroidSdk } from './doctor/android-sdk-check.ts';
import { diagnoseJava } from './doctor/java-check.ts';
import { SimAndroidDriver } from './sim-android-driver.ts';
import { readSimApp } from './sim-app.ts';
import { deviceFor, resetDevices } from './simulated-device.ts';

const dir = mkdtempSync(path.join(os.tmpdir(), 'sim-android-'));
const APP = path.join(dir, 'Sample-App.apk');
writeFileSync(APP, 'PK binary-ish');

const driver = (sessionId: string, enabledFeatures: string[] = []) =>
  new SimAndroidDriver({ sessionId, enabledFeatures, driverName: 'simandroid', log: () => undefined, appsRoot: dir });

function executable(file: string): string {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, '#!/bin/sh\n');
  chmodSync(file, 0o755);
  return file;
}

describe('simulated Android driver', () => {
  beforeEach(() => resetDevices());

  it('names a non-JSON app after its file', async () => {
    const log = () => undefined;
    await expect(readSimApp(APP, dir, log)).resolves.toMatchObject({ appId: 'sim.sample_app', label: 'Sample-App' });
    await expect(readSimApp('relative.apk', dir, log)).rejects.toThrow(/absolute/);
  });

  it('logs why an app was refused, and tells the client only that it was', async () => {
    const lines: string[] = [];
    const refused = readSimApp(path.join(dir, 'missing.apk'), dir, (line) => lines.push(line));
    await expect(refused).rejects.toMatchObject({ error: 'session not created', message: expect.stringContaining('inside the apps root') });
    expect(lines).toEqual([expect.stringMatching(/missing\.apk': cannot resolve it or the apps root .*ENOENT/)]);
  });

  it('installs and launches the app on session start; ending the session leaves nothing running and frees the device', async () => {
    const d = driver('s1');
    const caps = await d.createSession({ platformName: 'Android', automationName: 'SimAndroid', app: APP, deviceName: 'pixel' });
    expect(caps).toMatchObject({ deviceName: 'pixel', deviceUDID: expect.stringMatching(/^emulator-/), appPackage: 'sim.sample_app' });
    const device = deviceFor('pixel');
    expect(device).toMatchObject({ sessionId: 's1', foreground: 'sim.sample_app' });
    expect(await d.getAlertText()).toContain('Sample-App');
    await expect(driver('s2').createSession({ deviceName: 'pixel' })).rejects.toMatchObject({ error: 'session not created' });
    await d.deleteSession();
    expect(device).toMatchObject({ sessionId: null, foreground: null, alert: null });
    expect([...device.running]).toEqual([]);
    expect(device.installed.has('sim.sample_app')).toBe(true);
  });

  it('releases the device when the app cannot be installed', async () => {
    await expect(driver('s1').createSession({ app: path.join(dir, 'missing.apk'), deviceName: 'p2' })).rejects.toMatchObject({ error: 'session not created' });
    expect(deviceFor('p2').sessionId).toBeNull();
  });

  it('accepting the alert clears it; a second accept is no such alert', async () => {
    const d = driver('s1');
    await d.createSession({ app: APP });
    await d.acceptAlert();
    await expect(d.acceptAlert()).rejects.toMatchObject({ error: 'no such alert' });
    await d.execute('mobile: activateApp', [{}]);
    await expect(d.getAlertText()).resolves.toContain('Allow notifications');
  });

  it('mobile: shell runs only with adb_shell enabled', async () => {
    const locked = driver('s1');
    await locked.createSession({ deviceName: 'a' });
    await expect(locked.execute('mobile: shell', [{ command: 'echo hi' }])).rejects.toThrow(/--allow-insecure=simandroid:adb_shell/);
    const open = driver('s2', ['adb_shell']);
    await open.createSession({ deviceName: 'b', app: APP });
    await expect(open.execute('mobile: shell', [{ command: 'pm list packages' }])).resolves.toBe('package:sim.sample_app');
    await expect(open.execute('mobile: shell', [{ command: 'rm', args: ['-rf', '/'] }])).rejects.toThrow(/not found/);
  });
});

describe('doctor checks', () => {
  const sdk = path.join(dir, 'sdk');
  mkdirSync(sdk, { recursive: true });

  it('Android SDK: ANDROID_HOME or ANDROID_SDK_ROOT naming an existing directory', () => {
    expect(diagnoseAndroidSdk({}).ok).toBe(false);
    expect(diagnoseAndroidSdk({ ANDROID_HOME: path.join(dir, 'nope') }).ok).toBe(false);
    expect(diagnoseAndroidSdk({ ANDROID_SDK_ROOT: sdk })).toMatchObject({ ok: true, message: expect.stringContaining('ANDROID_SDK_ROOT') });
  });

  it('ADB: on PATH or in <sdk>/platform-tools', () => {
    expect(diagnoseAdb({ PATH: '' }).ok).toBe(false);
    const bin = path.dirname(executable(path.join(dir, 'bin', 'adb')));
    expect(diagnoseAdb({ PATH: bin }).ok).toBe(true);
    executable(path.join(sdk, 'platform-tools', 'adb'));
    expect(diagnoseAdb({ PATH: '', ANDROID_HOME: sdk }).ok).toBe(true);
  });

  it('Java: JAVA_HOME/bin/java or java on PATH', () => {
    expect(diagnoseJava({ PATH: '' }).ok).toBe(false);
    const javaHome = path.join(dir, 'jdk');
    executable(path.join(javaHome, 'bin', 'java'));
    expect(diagnoseJava({ PATH: '', JAVA_HOME: javaHome }).ok).toBe(true);
    expect(diagnoseJava({ PATH: path.join(javaHome, 'bin') }).ok).toBe(true);
  });
});
