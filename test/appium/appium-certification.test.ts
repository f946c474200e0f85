// The proof that the device-server suite is right: it passes against real Appium 3.
// Appium's fake driver is installed from the local package into a throwaway
// APPIUM_HOME (no network), three Appium servers are started on free ports — plain,
// with *:session_discovery, with --base-path=/wd/hub — and `wirecheck run device-server`
// certifies each as an external target, with the server command so the CLI and flag
// checks run too. Zero failures; skips only with a stated reason.
//
// The checks that start their own instances through the server command (CLI, EXT, SEC
// and the instance halves of BASE, DISC, CAPS, LEGACY) do not depend on how the target
// was started, so they run once, against the plain server; the other two runs repeat
// every check that talks to the target itself.
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checksOf } from '../../harness/systems/catalog.ts';
import { matchesAny, parseIdPatterns } from '../../harness/checks/id-pattern.ts';
import { projectPath } from '../../harness/project-paths.ts';
import { freePort } from '../../harness/target/free-port.ts';
import { startManagedProcess, type ManagedProcess } from '../../harness/target/managed-process.ts';
import { runWirecheck, type SummaryCheck, type WirecheckRun } from '../testing/run-wirecheck.ts';

const APPIUM = projectPath('node_modules/appium/index.js');
const FAKE_DRIVER = projectPath('node_modules/@appium/fake-driver');
const APP = projectPath('fixtures/device-server/fake-app.xml');
const DISCOVERY_CHECKS = ['DS-DISC-01', 'DS-DISC-02'];
const ANDROID_ONLY = /^not applicable: the spec names the dependencies of the Android driver only/;
/** The fake driver is no Android driver and has no shell: `fake:` execute methods only (its execute-method-map.js). */
const NO_ANDROID_SHELL = /^not applicable: the spec names the shell feature for the Android driver only \(`<android_driver>:adb_shell`, "shell access on Android"\); the target's platformName is Fake$/;
/** Checks the fake driver makes not applicable (it is no Android driver), run with the server command on the plain server. */
const NOT_FOR_FAKE: Readonly<Record<string, RegExp>> = { 'DS-CLI-16': ANDROID_ONLY, 'DS-SEC-03': NO_ANDROID_SHELL, 'DS-SEC-04': NO_ANDROID_SHELL };
/** Every check that talks to the target itself (not to an instance of its own). */
const TARGET_CHECKS = 'DS-STATUS-*,DS-SESS-*,DS-CAPS-01,DS-CAPS-02,DS-CAPS-03,DS-CAPS-05,DS-CAPS-06,DS-CAPS-07,DS-ERR-*,DS-BASE-01,DS-LEGACY-01,DS-LEGACY-02,DS-LEGACY-03,DS-LEGACY-04,DS-DISC-01,DS-DISC-02,DS-DISC-05,DS-ALERT-*,DS-EXEC-*';

interface AppiumServer {
  readonly baseUrl: string;
  readonly process: ManagedProcess;
}

let root: string;
let home: string;
const servers: AppiumServer[] = [];
const runs = new Map<string, WirecheckRun>();

function appiumEnv(): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [key, value] of Object.entries(process.env)) if (value !== undefined) env[key] = value;
  return { ...env, APPIUM_HOME: home };
}

function installFakeDriver(): Promise<void> {
  return new Promise((resolve, reject) => {
    // An absolute path: Appium runs npm inside APPIUM_HOME, where a relative one names nothing.
    execFile(process.execPath, [APPIUM, 'driver', 'install', '--source=local', FAKE_DRIVER], { env: appiumEnv(), timeout: 120_000 }, (error, stdout, stderr) => {
      if (error) reject(new Error(`appium driver install failed: ${error.message}\n${stdout}\n${stderr}`));
      else resolve();
    });
  });
}

async function startAppium(label: string, flags: readonly string[], basePath = ''): Promise<AppiumServer> {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}${basePath}/`;
  const process_ = await startManagedProcess({
    label: `appium (${label})`, command: process.execPath,
    args: [APPIUM, '--address', '127.0.0.1', '--port', String(port), ...flags],
    env: appiumEnv(), logFile: join(root, `appium-${label}.log`), healthUrl: `${baseUrl}status`, startTimeoutMs: 60_000,
  });
  const server = { baseUrl, process: process_ };
  servers.push(server);
  return server;
}

function certify(server: AppiumServer, extra: readonly string[] = []): Promise<WirecheckRun> {
  return runWirecheck([
    'run', 'device-server', '--target', 'external', '--base-url', server.baseUrl,
    '--vendor', 'appium', '--platform-name', 'Fake', '--automation-name', 'Fake', '--device-name', 'wirecheck-fake-device',
    '--app', APP, '--driver-name', 'fake', '--home-env', 'APPIUM_HOME',
    '--server-cmd', `"${process.execPath}" "${APPIUM}"`, '--seed', '20261121', '--no-allure', ...extra,
  ], { env: { APPIUM_HOME: home }, timeoutMs: 600_000 });
}

function failures(run: WirecheckRun | undefined): string {
  const bad = (run?.summary?.checks ?? []).filter((c) => c.outcome === 'failed' || c.outcome === 'warned');
  return `exit ${run?.exitCode}\n${bad.map((c) => `${c.id} ${c.outcome}: ${c.reason ?? ''}`).join('\n')}\n${run?.stderr.slice(-2000) ?? ''}`;
}

function outcomes(label: string): Map<string, SummaryCheck> {
  return new Map((runs.get(label)?.summary?.checks ?? []).map((c) => [c.id, c]));
}

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'wirecheck-appium-'));
  home = join(root, 'appium-home');
  await installFakeDriver();
  const [plain, discovery, wdHub] = await Promise.all([
    startAppium('plain', []),
    startAppium('session-discovery', ['--allow-insecure=*:session_discovery']),
    startAppium('base-path', ['--base-path=/wd/hub'], '/wd/hub'),
  ]);
  const [a, b, c] = await Promise.all([
    certify(plain as AppiumServer),
    certify(discovery as AppiumServer, ['--session-discovery', '--only', TARGET_CHECKS]),
    certify(wdHub as AppiumServer, ['--only', TARGET_CHECKS]),
  ]);
  runs.set('plain', a).set('session-discovery', b).set('base-path', c);
}, 900_000); // three Appium starts and three runs side by side, on a machine the self-test keeps busy

afterAll(async () => {
  await Promise.allSettled(servers.map((s) => s.process.stop()));
  if (root) rmSync(root, { recursive: true, force: true });
});

describe('wirecheck run device-server against real Appium 3 with the fake driver', () => {
  for (const label of ['plain', 'session-discovery', 'base-path']) {
    it(`certifies the ${label} server: exit 0, no failure, every check run or skipped for a stated reason`, () => {
      const run = runs.get(label);
      expect(run?.exitCode, failures(run)).toBe(0);
      expect(run?.summary?.totals['failed'], failures(run)).toBe(0);
      expect(run?.summary?.totals['warned'], failures(run)).toBe(0);
      const skipped = (run?.summary?.checks ?? []).filter((c) => c.outcome === 'skipped');
      const expected = [...(label === 'session-discovery' ? [] : DISCOVERY_CHECKS), ...(label === 'plain' ? Object.keys(NOT_FOR_FAKE) : [])];
      expect(skipped.map((c) => c.id).sort()).toEqual([...expected].sort());
      for (const check of skipped) expect(check.reason, check.id).toMatch(NOT_FOR_FAKE[check.id] ?? /^needs session discovery/);
    });
  }

  it('runs every check once, and the target checks against each server', () => {
    const all = checksOf('device-server').map((c) => c.id);
    const targetChecks = all.filter((id) => matchesAny(id, parseIdPatterns(TARGET_CHECKS)));
    expect(runs.get('plain')?.summary?.checks.map((c) => c.id).sort()).toEqual([...all].sort());
    for (const label of ['session-discovery', 'base-path']) {
      expect(runs.get(label)?.summary?.checks.map((c) => c.id).sort(), label).toEqual([...targetChecks].sort());
    }
  });

  it('runs the session-discovery checks against the server started with the flag', () => {
    for (const id of DISCOVERY_CHECKS) expect(outcomes('session-discovery').get(id)?.outcome, id).toBe('passed');
  });

  it('judges the listing route where the run says there is none: on the plain and /wd/hub servers themselves, and through the server command for the one with the flag', () => {
    for (const label of ['plain', 'session-discovery', 'base-path']) expect(outcomes(label).get('DS-DISC-05')?.outcome, label).toBe('passed');
  });

  it('passes the checks this issue added or widened: every form of --allow-insecure, the named driver listed, removed routes against a made-up one, W3C invalid session id', () => {
    for (const id of ['DS-CLI-19', 'DS-CLI-20', 'DS-LEGACY-02', 'DS-LEGACY-03', 'DS-LEGACY-04', 'DS-SESS-08', 'DS-CLI-07']) {
      expect(outcomes('plain').get(id)?.outcome, `${id}: ${outcomes('plain').get(id)?.reason ?? ''}`).toBe('passed');
    }
  });

  it('passes the checks narrowed to the spec\'s words: judged, not skipped (ready, the log record, the unscoped item, the engine, the listings, the alert API attached)', () => {
    const narrowed = ['DS-STATUS-01', 'DS-SESS-05', 'DS-SESS-07', 'DS-CAPS-02', 'DS-CAPS-03', 'DS-EXEC-01', 'DS-ALERT-02', 'DS-LEGACY-05', 'DS-CLI-02', 'DS-CLI-05',
      'DS-CLI-06', 'DS-CLI-09', 'DS-CLI-10', 'DS-CLI-12', 'DS-CLI-13', 'DS-CLI-14', 'DS-CLI-15', 'DS-EXT-01'];
    for (const id of narrowed) expect(outcomes('plain').get(id)?.outcome, `${id}: ${outcomes('plain').get(id)?.reason ?? ''}`).toBe('passed');
    expect(outcomes('session-discovery').get('DS-DISC-02')?.outcome).toBe('passed');
  });

  it('passes the checks of issue 31: the default port, the session route reached without a driver, commands that succeeded live failing after deletion', () => {
    for (const id of ['DS-CLI-22', 'DS-EXT-02', 'DS-SESS-04', 'DS-SESS-08']) {
      expect(outcomes('plain').get(id)?.outcome, `${id}: ${outcomes('plain').get(id)?.reason ?? ''}`).toBe('passed');
    }
    for (const label of ['session-discovery', 'base-path']) expect(outcomes(label).get('DS-SESS-04')?.outcome, label).toBe('passed');
  });

  it('checks the base path from both sides against the /wd/hub server', () => {
    expect(outcomes('base-path').get('DS-BASE-01')?.outcome).toBe('passed');
    expect(runs.get('base-path')?.summary?.target.baseUrl).toMatch(/\/wd\/hub\/$/);
  });

  it('records what the spec leaves open where Appium answers otherwise than the reference', () => {
    const observed = (id: string) => outcomes('plain').get(id)?.observed ?? '';
    expect(observed('DS-DISC-04')).toMatch(/→ \d{3} /);
    expect(observed('DS-ERR-01')).toContain('legacy desiredCapabilities →');
    expect(observed('DS-SEC-02')).not.toBe('');
    expect(observed('DS-CAPS-06')).toContain('→');
    expect(observed('DS-CLI-17'), 'the doctor INFO check says why it records nothing for the fake driver').toMatch(ANDROID_ONLY);
    expect(observed('DS-CLI-11')).toMatch(/refused at start|started/);
    expect(observed('DS-CLI-21'), 'Appium 3 refuses an unscoped item at start').toMatch(/^--allow-insecure=session_discovery: refused at start \(exit [1-9]\d*\); --allow-insecure=:session_discovery: refused at start/);
    expect(observed('DS-LEGACY-06')).toContain('naming the method POST before it: yes');
    expect(observed('DS-CLI-04')).toMatch(/refused at start|started/);
  });
});
