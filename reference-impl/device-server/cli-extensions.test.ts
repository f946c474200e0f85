// The CLI as a child process in throwaway homes: version, help, install, list, doctor,
// plugins, setup reset.
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { runCli, SIM_DRIVER_DIR, tempHome, type TempHome } from './testing/cli-runner.ts';

const homes: TempHome[] = [];
const home = (env: NodeJS.ProcessEnv = {}) => {
  const h = tempHome(env);
  homes.push(h);
  return h;
};
afterEach(() => homes.splice(0).forEach((h) => h.cleanup()));

async function installSim(h: TempHome) {
  const result = await runCli(['driver', 'install', '--source=local', SIM_DRIVER_DIR], h.env);
  expect(result).toMatchObject({ code: 0 });
  return result;
}

describe('CLI basics', () => {
  it('--version prints a 3.x.y version', async () => {
    const result = await runCli(['--version'], home().env);
    expect(result.code).toBe(0);
    expect(result.stdout.trim()).toMatch(/^3\.\d+\.\d+$/);
  });

  it('--version prints 2.x with the version-not-3 fault', async () => {
    const result = await runCli(['--version'], home({ CONFORMANCE_FAULTS_ENABLED: '1', WIRECHECK_FAULTS: 'version-not-3' }).env);
    expect(result.stdout.trim()).toMatch(/^2\./);
  });

  it('--help prints usage and exits 0', async () => {
    const result = await runCli(['--help'], home().env);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('usage:');
    expect(result.stdout).toContain('--allow-insecure');
  });

  it.each([[['--bogus']], [['drivr', 'list']], [['driver', 'list', '--fast']], [['setup', 'mobile']]])('refuses %j with a clear error', async (argv) => {
    const result = await runCli(argv, home().env);
    expect(result.code).not.toBe(0);
    expect(result.stderr).toMatch(/Error: (unrecognized argument|unknown (command|setup command)).*--help/);
  });

  it('stops on an unknown fault name', async () => {
    const result = await runCli(['--version'], home({ CONFORMANCE_FAULTS_ENABLED: '1', WIRECHECK_FAULTS: 'no-such-fault' }).env);
    expect(result.code).not.toBe(0);
    expect(result.stderr).toContain('no-such-fault');
  });
});

describe('driver install and list', () => {
  it('installs from a local path into the home and lists it, in text and JSON like Appium', async () => {
    const h = home();
    const installed = await installSim(h);
    expect(installed.stdout).toContain('Driver simandroid@1.0.0 successfully installed');
    expect(existsSync(path.join(h.dir, 'node_modules', '@wirecheck', 'sim-android-driver', 'package.json'))).toBe(true);
    expect(existsSync(path.join(h.dir, 'extensions.yaml'))).toBe(true);

    const text = await runCli(['driver', 'list', '--installed'], h.env);
    expect(text.code).toBe(0);
    expect(text.stdout.trim()).toBe(`- simandroid@1.0.0 [installed (copied from ${SIM_DRIVER_DIR})]`);

    const listed = await runCli(['driver', 'list', '--installed', '--json'], h.env);
    expect(JSON.parse(listed.stdout)).toEqual({
      simandroid: expect.objectContaining({
        pkgName: '@wirecheck/sim-android-driver',
        version: '1.0.0',
        automationName: 'SimAndroid',
        platformNames: ['Android'],
        installType: 'local',
        installSpec: SIM_DRIVER_DIR,
        installPath: path.join(h.dir, 'node_modules', '@wirecheck', 'sim-android-driver'),
        installed: true,
      }),
    });
    const updates = await runCli(['driver', 'list', '--installed', '--updates', '--json'], h.env);
    expect(Object.keys(JSON.parse(updates.stdout))).toEqual(['simandroid']);
  });

  it('refuses a second install of the same driver, and a package without the vendor field', async () => {
    const h = home();
    await installSim(h);
    const again = await runCli(['driver', 'install', '--source=local', SIM_DRIVER_DIR], h.env);
    expect(again.code).toBe(1);
    expect(again.stderr).toContain('already installed');
    const bogus = h.file('bogus/package.json', JSON.stringify({ name: 'bogus', version: '1.0.0' }));
    const invalid = await runCli(['driver', 'install', '--source=local', path.dirname(bogus)], h.env);
    expect(invalid.code).toBe(1);
    expect(invalid.stderr).toContain('"vendor" field is missing');
  });

  it('installs the bundled driver by name, and uninstalls it', async () => {
    const h = home();
    expect((await runCli(['driver', 'install', 'simandroid'], h.env)).code).toBe(0);
    expect((await runCli(['driver', 'uninstall', 'simandroid'], h.env)).stdout).toContain("Successfully uninstalled driver 'simandroid'");
    expect(JSON.parse((await runCli(['driver', 'list', '--installed', '--json'], h.env)).stdout)).toEqual({});
  });

  it('checks the engines before installing (test hook VENDOR_ENGINE_NPM_VERSION)', async () => {
    const result = await runCli(['driver', 'install', 'simandroid'], home({ VENDOR_ENGINE_NPM_VERSION: '9.9.0' }).env);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('engine error: npm 9.9.0 found, but npm >=10 is required');
  });
});

/** dir/sdk holding platform-tools/adb and dir/jdk holding bin/java: empty executable scripts. */
function stubSdkAndJdk(dir: string): { sdk: string; javaHome: string } {
  const sdk = path.join(dir, 'sdk');
  const javaHome = path.join(dir, 'jdk');
  for (const file of [path.join(sdk, 'platform-tools', 'adb'), path.join(javaHome, 'bin', 'java')]) {
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, '#!/bin/sh\n', { mode: 0o755 });
  }
  return { sdk, javaHome };
}

describe('driver doctor', () => {
  it('reports each dependency as missing with a fix hint and exits 1 when a required one is missing', async () => {
    const h = home();
    await installSim(h);
    // No npm on this PATH: the engine check takes npm's version from the test hook.
    const env: NodeJS.ProcessEnv = { ...h.env, PATH: path.join(h.dir, 'empty-bin'), VENDOR_ENGINE_NPM_VERSION: '10.9.0' };
    delete env['ANDROID_HOME'];
    delete env['ANDROID_SDK_ROOT'];
    delete env['JAVA_HOME'];
    const result = await runCli(['driver', 'doctor', 'simandroid'], env);
    expect(result.code).toBe(1);
    expect(result.stdout).toMatch(/✖ missing: Android SDK/);
    expect(result.stdout).toMatch(/✖ missing: ADB/);
    expect(result.stdout).toMatch(/✖ missing: Java/);
    expect(result.stdout).toContain('➜ Install the Android SDK');
    expect(result.stderr).toContain('Treatment required');
  });

  it('reports every check ok and exits 0 when the SDK, adb and java are there', async () => {
    const h = home();
    await installSim(h);
    const { sdk, javaHome } = stubSdkAndJdk(h.dir);
    const result = await runCli(['driver', 'doctor', 'simandroid'], { ...h.env, PATH: path.join(h.dir, 'empty-bin'), VENDOR_ENGINE_NPM_VERSION: '10.9.0', ANDROID_HOME: sdk, JAVA_HOME: javaHome });
    expect(result.code).toBe(0);
    expect(result.stdout.match(/✔ ok:/g)).toHaveLength(3);
    expect(result.stdout).toContain('0 required fixes needed');
  });

  it('reports every dependency missing and exits 1 with the doctor-finds-nothing fault, though all are there', async () => {
    const h = home({ CONFORMANCE_FAULTS_ENABLED: '1', WIRECHECK_FAULTS: 'doctor-finds-nothing' });
    await installSim(h);
    const { sdk, javaHome } = stubSdkAndJdk(h.dir);
    const result = await runCli(['driver', 'doctor', 'simandroid'], { ...h.env, PATH: path.join(h.dir, 'empty-bin'), VENDOR_ENGINE_NPM_VERSION: '10.9.0', ANDROID_HOME: sdk, JAVA_HOME: javaHome });
    expect(result.code).toBe(1);
    expect(result.stdout.match(/✖ missing:/g)).toHaveLength(3);
  });

  it('fails for a driver that is not installed; the doctor-unknown-driver-passes fault exits 0', async () => {
    const result = await runCli(['driver', 'doctor', 'simandroid'], home().env);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('The driver "simandroid" is not installed');
    const faulty = await runCli(['driver', 'doctor', 'simandroid'], home({ CONFORMANCE_FAULTS_ENABLED: '1', WIRECHECK_FAULTS: 'doctor-unknown-driver-passes' }).env);
    expect(faulty.code).toBe(0);
  });
});

describe('plugins and setup reset', () => {
  it('lists no plugins in a fresh home, then an installed local plugin', async () => {
    const h = home();
    const empty = await runCli(['plugin', 'list', '--installed', '--updates', '--json'], h.env);
    expect(empty).toMatchObject({ code: 0 });
    expect(JSON.parse(empty.stdout)).toEqual({});
    expect((await runCli(['plugin', 'list', '--installed'], h.env)).stdout).toBe('');
    const pkg = h.file('demo-plugin/package.json', JSON.stringify({ name: 'demo-plugin', version: '0.1.0', type: 'module', vendor: { pluginName: 'demo', mainClass: 'DemoPlugin' } }));
    expect((await runCli(['plugin', 'install', '--source=local', path.dirname(pkg)], h.env)).code).toBe(0);
    expect(JSON.parse((await runCli(['plugin', 'list', '--installed', '--json'], h.env)).stdout)).toEqual({ demo: expect.objectContaining({ installed: true, version: '0.1.0' }) });
  });

  it('setup reset removes every installed extension and says so', async () => {
    const h = home();
    await installSim(h);
    const reset = await runCli(['setup', 'reset'], h.env);
    expect(reset.code).toBe(0);
    expect(reset.stdout).toContain("Successfully uninstalled driver 'simandroid'");
    expect(reset.stdout).toContain('none installed now');
    expect(JSON.parse((await runCli(['driver', 'list', '--installed', '--json'], h.env)).stdout)).toEqual({});
    expect(existsSync(path.join(h.dir, 'node_modules', '@wirecheck'))).toBe(false);
  });

  it('setup-reset-keeps-extensions fault: says so but removes nothing', async () => {
    const h = home({ CONFORMANCE_FAULTS_ENABLED: '1', WIRECHECK_FAULTS: 'setup-reset-keeps-extensions' });
    await installSim(h);
    expect((await runCli(['setup', 'reset'], h.env)).stdout).toContain("Successfully uninstalled driver 'simandroid'");
    expect(Object.keys(JSON.parse((await runCli(['driver', 'list', '--installed', '--json'], h.env)).stdout))).toEqual(['simandroid']);
  });

  it('setup-reset-leaves-files fault: the list is empty but the package stays in the home', async () => {
    const h = home({ CONFORMANCE_FAULTS_ENABLED: '1', WIRECHECK_FAULTS: 'setup-reset-leaves-files' });
    await installSim(h);
    expect((await runCli(['setup', 'reset'], h.env)).code).toBe(0);
    expect(JSON.parse((await runCli(['driver', 'list', '--installed', '--json'], h.env)).stdout)).toEqual({});
    expect(existsSync(path.join(h.dir, 'node_modules', '@wirecheck', 'sim-android-driver', 'package.json'))).toBe(true);
  });

  it('setup reset in a home with nothing installed succeeds; the setup-reset-needs-manifest fault fails it', async () => {
    expect((await runCli(['setup', 'reset'], home().env)).code).toBe(0);
    const faulty = home({ CONFORMANCE_FAULTS_ENABLED: '1', WIRECHECK_FAULTS: 'setup-reset-needs-manifest' });
    expect((await runCli(['setup', 'reset'], faulty.env)).code).not.toBe(0);
  });

  it('driver-list-omits-local-installs fault: a driver installed from a local path is not listed', async () => {
    const h = home({ CONFORMANCE_FAULTS_ENABLED: '1', WIRECHECK_FAULTS: 'driver-list-omits-local-installs' });
    await installSim(h);
    expect(JSON.parse((await runCli(['driver', 'list', '--installed', '--json'], h.env)).stdout)).toEqual({});
  });

  it('plugin-list-shows-drivers fault: plugin list names the installed driver', async () => {
    const h = home({ CONFORMANCE_FAULTS_ENABLED: '1', WIRECHECK_FAULTS: 'plugin-list-shows-drivers' });
    await installSim(h);
    expect(Object.keys(JSON.parse((await runCli(['plugin', 'list', '--installed', '--json'], h.env)).stdout))).toEqual(['simandroid']);
  });
});
