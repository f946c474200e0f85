// `wirecheck run device-server --target external` against the reference served on its
// own (the way a vendor points it at a deployment): passing when clean, skipping the
// server-command and discovery checks with their reasons when not offered, failing by
// name (with transcript and reproduction) under a fault — the listing route judged on
// the target itself, when the run says it was started without *:session_discovery —,
// asking (exit 2) when the run does not say and the target lists its sessions, skipping
// what needs W3C's deletion route where the server has none (the spec shows no deletion
// route), and refusing bad options or a base URL where the status route does not answer
// (exit 2, naming the right one).
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectPath, tsxNodeArgs } from '../../harness/project-paths.ts';
import { type ManagedProcess, startManagedProcess } from '../../harness/target/managed-process.ts';
import { runWirecheck } from '../testing/run-wirecheck.ts';
import { freePort, serveReference, type Served } from '../testing/serve-reference.ts';

const CLI = projectPath('reference-impl/device-server/cli.ts');
const SIM_DRIVER = projectPath('reference-impl/device-server/drivers/sim-android');
const APP = projectPath('fixtures/device-server/sample-app.json');
const SESSION = ['--vendor', 'vendor', '--platform-name', 'Android', '--automation-name', 'SimAndroid', '--device-name', 'cli-test-device', '--app', APP];

let home: string;
let clean: Served;
let faulty: Served;
let noDeletion: Served;
let wdHub: ManagedProcess;
let wdHubOrigin: string;

function installSimDriver(): Promise<void> {
  return new Promise((resolve, reject) => {
    execFile(process.execPath, [...tsxNodeArgs(CLI), 'driver', 'install', '--source=local', SIM_DRIVER], { env: { ...process.env, VENDOR_HOME: home } },
      (error, stdout, stderr) => (error ? reject(new Error(`${error.message}\n${stdout}${stderr}`)) : resolve()));
  });
}

beforeAll(async () => {
  home = mkdtempSync(join(tmpdir(), 'wirecheck-cli-device-home-'));
  await installSimDriver();
  const port = await freePort();
  wdHubOrigin = `http://127.0.0.1:${port}`;
  [clean, faulty, noDeletion, wdHub] = await Promise.all([
    serveReference('device-server', { VENDOR_HOME: home }, 'status'),
    serveReference('device-server', { VENDOR_HOME: home, CONFORMANCE_FAULTS_ENABLED: '1', WIRECHECK_FAULTS: 'legacy-sessions-route,status-ready-string,sessions-route-empty-without-flag' }, 'status'),
    // No W3C deletion route, which the spec does not show: what needs it is not applicable.
    serveReference('device-server', { VENDOR_HOME: home, CONFORMANCE_FAULTS_ENABLED: '1', WIRECHECK_FAULTS: 'delete-route-missing' }, 'status'),
    // A server with a base path, for the preflight's advice.
    startManagedProcess({
      label: 'device-server reference (--base-path=/wd/hub)', command: process.execPath,
      args: [...tsxNodeArgs(CLI), '--address', '127.0.0.1', '--port', String(port), '--base-path=/wd/hub'],
      env: { ...process.env, VENDOR_HOME: home } as Record<string, string>, logFile: join(home, 'wd-hub.log'), healthUrl: `${wdHubOrigin}/wd/hub/status`,
    }),
  ]);
}, 60_000);

afterAll(async () => {
  await Promise.all([clean?.stop(), faulty?.stop(), noDeletion?.stop(), wdHub?.stop()]);
  if (home) rmSync(home, { recursive: true, force: true });
});

describe('wirecheck run device-server --target external', () => {
  it('passes against a clean server, and skips what needs the server command or session discovery, saying why', async () => {
    const run = await runWirecheck(['run', 'device-server', '--target', 'external', '--base-url', clean.baseUrl, ...SESSION, '--no-allure',
      '--only', 'DS-STATUS-01,DS-SESS-01,DS-SESS-04,DS-CAPS-01,DS-BASE-01,DS-LEGACY-01,DS-ALERT-01,DS-CLI-01,DS-BASE-02,DS-DISC-01,DS-DISC-05']);
    expect(run.exitCode, run.stdout + run.stderr).toBe(0);
    const reasons = new Map((run.summary?.checks ?? []).filter((c) => c.outcome === 'skipped').map((c) => [c.id, c.reason]));
    expect(reasons).toEqual(new Map([
      ['DS-CLI-01', 'needs server command'],
      ['DS-BASE-02', 'needs server command'],
      ['DS-DISC-01', 'needs session discovery: a target started with *:session_discovery (--session-discovery)'],
    ]));
    expect(run.summary?.totals['passed']).toBe(8);
  }, 120_000);

  it('fails by name against a faulty server (exit 1), with the transcript and a reproduction command', async () => {
    const run = await runWirecheck(['run', 'device-server', '--target', 'external', '--base-url', faulty.baseUrl, ...SESSION, '--seed', '5',
      '--no-session-discovery', '--only', 'DS-STATUS-01,DS-LEGACY-01,DS-SESS-01,DS-DISC-05']);
    expect(run.exitCode, run.stdout + run.stderr).toBe(1);
    expect(run.stdout).toMatch(/FAILED \(exit 1\): .*DS-STATUS-01/);
    const failed = run.summary?.checks.find((c) => c.id === 'DS-LEGACY-01');
    expect(failed?.outcome).toBe('failed');
    expect(failed?.reproduce).toBe(`npx wirecheck run device-server --target external --base-url ${faulty.baseUrl} --seed 5 ${SESSION.join(' ')} --no-session-discovery --only DS-LEGACY-01`);
    const transcript = readFileSync(join(run.reportDir, failed?.transcript ?? ''), 'utf8');
    expect(transcript).toContain('GET /sessions HTTP/1.1');
    expect(run.summary?.checks.find((c) => c.id === 'DS-SESS-01')?.outcome).toBe('passed');
    // The target itself, which the run says was started without *:session_discovery, answers the listing route: a failure that names the other possibility.
    const listing = run.summary?.checks.find((c) => c.id === 'DS-DISC-05');
    expect(listing?.outcome).toBe('failed');
    expect(listing?.reason).toContain('If the server was started with *:session_discovery, pass --session-discovery');
  }, 120_000);

  it('asks, with exit 2 before any check, whether --session-discovery was forgotten when the run does not say and the target lists its sessions', async () => {
    const run = await runWirecheck(['run', 'device-server', '--target', 'external', '--base-url', faulty.baseUrl, ...SESSION, '--no-allure', '--only', 'DS-DISC-05']);
    expect(run.exitCode, run.stdout + run.stderr).toBe(2);
    expect(run.stderr).toContain(`the run does not say whether the device server was started with *:session_discovery, and GET ${faulty.baseUrl}vendor/sessions answers a session listing (200 OK, value an array of 0)`);
    expect(run.stderr).toContain('Was the target started with --allow-insecure=*:session_discovery, and --session-discovery forgotten? If it was, add --session-discovery');
    expect(run.stderr).toContain('If it was not, say so with --no-session-discovery: DS-DISC-05 then judges the listing as a fault.');
    expect(run.stdout).not.toMatch(/[✓✗] DS-/);
  }, 60_000);

  it('refuses --session-discovery with --no-session-discovery (exit 2), before reaching the target', async () => {
    const run = await runWirecheck(['run', 'device-server', '--target', 'external', '--base-url', clean.baseUrl, ...SESSION, '--session-discovery', '--no-session-discovery']);
    expect(run.exitCode, run.stdout + run.stderr).toBe(2);
    expect(run.stderr).toContain('--session-discovery and --no-session-discovery contradict each other');
  });

  it('skips, naming the answer, a check that needs W3C\'s deletion route where the server does not answer it (the spec shows no deletion route)', async () => {
    // One such check per run: each leaves its session on the one simulated device.
    const run = await runWirecheck(['run', 'device-server', '--target', 'external', '--base-url', noDeletion.baseUrl, ...SESSION, '--no-allure', '--only', 'DS-STATUS-01,DS-SESS-04']);
    expect(run.exitCode, run.stdout + run.stderr).toBe(0);
    const check = run.summary?.checks.find((c) => c.id === 'DS-SESS-04');
    expect(check?.outcome).toBe('skipped');
    expect(check?.reason).toMatch(/^not applicable: the spec does not show how a session is deleted \("Method and path of session deletion: not shown"\), and the target answers W3C's DELETE \{base\}session\/\S+ with 404 unknown command, not 2xx$/);
  }, 120_000);

  it('lists every missing or malformed device-server option at once (exit 2)', async () => {
    const run = await runWirecheck(['run', 'device-server', '--target', 'external', '--base-url', clean.baseUrl, '--home-env', '9-HOME', '--app', 'relative/app.apk']);
    expect(run.exitCode).toBe(2);
    for (const text of ['--platform-name P', '--automation-name A', '--home-env "9-HOME"', '--app "relative/app.apk" must be an absolute path']) expect(run.stderr).toContain(text);
  });

  it('ends with exit 2 before any check when the status route does not answer at the base path, naming the --base-url that would', async () => {
    const cases: [string, string][] = [
      [`${clean.baseUrl}wd/hub/`, `Use --base-url ${clean.baseUrl}`],
      [`${wdHubOrigin}/`, `Use --base-url ${wdHubOrigin}/wd/hub/`],
    ];
    const runs = await Promise.all(cases.map(([url]) => runWirecheck(['run', 'device-server', '--target', 'external', '--base-url', url, ...SESSION])));
    cases.forEach(([url, fix], i) => {
      expect(runs[i]?.exitCode, `${url}: ${runs[i]?.stderr}`).toBe(2);
      expect(runs[i]?.stderr, url).toContain('status route does not answer at the base path given');
      expect(runs[i]?.stderr, url).toContain(fix);
    });
  });

  it('ends with exit 2 and names the URL when nothing answers there', async () => {
    const url = `http://127.0.0.1:${await freePort()}/wd/hub/`;
    const run = await runWirecheck(['run', 'device-server', '--target', 'external', '--base-url', url, ...SESSION]);
    expect(run.exitCode).toBe(2);
    expect(run.stderr).toContain(`device server at ${new URL(url).origin} is not reachable`);
  });
});
