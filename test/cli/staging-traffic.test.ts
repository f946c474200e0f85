// --header, --secret-header and --rate-limit as a staging user runs them: real runs of
// `wirecheck run resource-api` through a recording proxy in front of the reference,
// as a gateway would sit in front of a deployment. Every request the proxy sees carries
// the extra headers, the secret header's value
// reaches no file of the report dir, no bundle and no output, and the requests keep to
// the rate limit — timing asserted from below only: a limiter can make a request late,
// never early.
import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startRecordingProxy, type RecordingProxy } from '../testing/recording-proxy.ts';
import { runWirecheck, type WirecheckRun } from '../testing/run-wirecheck.ts';
import { serveReference, type Served } from '../testing/serve-reference.ts';

const TOKEN = `e2e-${randomBytes(16).toString('hex')}`;
const GATEWAY_KEY = `gw-${randomBytes(16).toString('hex')}`;
const USERS = ['--user-id', 'alice', '--other-user-id', 'bob'];
// (A check's own header winning over an extra one of the same name: harness/http/target-traffic.test.ts;
// the names checks vary on purpose, Content-Type among them, are refused as extra headers.)
const TRAFFIC = ['--header', 'X-Client-Tag: wirecheck-e2e', '--secret-header', 'X-Gateway-Key: env:GW_KEY'];

function allFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? allFiles(path) : [path];
  });
}

/** The secret in no report file (a bundle unpacked), no output, and nothing had to be scrubbed from a file after the run. */
function expectNowhere(run: WirecheckRun, secret: string): void {
  for (const file of allFiles(run.reportDir)) {
    const bytes = file.endsWith('.gz') ? gunzipSync(readFileSync(file)) : readFileSync(file);
    expect(bytes.includes(secret), `${file} holds the secret header's value`).toBe(false);
  }
  expect(run.stdout + run.stderr).not.toContain(secret);
  expect(run.stderr).not.toContain('redacted a secret that reached');
}

function header(head: string, name: string): string[] {
  return head.split('\r\n').slice(1).filter((line) => line.toLowerCase().startsWith(`${name.toLowerCase()}:`)).map((line) => line.slice(name.length + 1).trim());
}

describe('wirecheck run with --header, --secret-header and --rate-limit', () => {
  let served: Served;
  let proxy: RecordingProxy;
  beforeAll(async () => {
    served = await serveReference('resource-api', { API_TOKENS: `${TOKEN}:alice`, CONFORMANCE_PROBE: '1' });
    proxy = await startRecordingProxy(served.baseUrl);
  }, 90_000);
  afterAll(async () => {
    await proxy?.close();
    await served?.stop();
  });

  it('sends the extra headers with every request, within 10 requests a second; skips a race larger than that; leaks the secret nowhere', async () => {
    const run = await runWirecheck([
      'run', 'resource-api', '--target', 'external', '--base-url', proxy.url, '--token', TOKEN, ...USERS, '--probe', '--seed', '11',
      ...TRAFFIC, '--rate-limit', '10/s', '--only', 'RA-PREF-01,RA-CONC-01,RA-CONC-03,RA-PACT-01', '--no-allure', '--bundle',
    ], { env: { GW_KEY: GATEWAY_KEY } });
    expect(run.exitCode, run.stdout + run.stderr).toBe(0);
    expect(run.stdout).toContain('extra headers X-Client-Tag, X-Gateway-Key (secret) · at most 10 requests/s to the target');
    expect(run.summary?.checks.map((c) => [c.id, c.outcome])).toEqual([['RA-PREF-01', 'passed'], ['RA-CONC-01', 'passed'], ['RA-CONC-03', 'skipped'], ['RA-PACT-01', 'passed']]);
    expect(run.summary?.checks.find((c) => c.id === 'RA-CONC-03')?.reason).toBe('not applicable under --rate-limit 10/s: this check sends 16 requests together (a race or a pipeline), more than the limit allows in one second; give --rate-limit 16/s or more to run it');

    // Every request the gateway saw: the preflight's, the checks' (raw, races, undici), Pact's verifier's and its states'.
    const seen = proxy.requests();
    expect(seen.length).toBeGreaterThan(15);
    for (const { head } of seen) {
      expect(header(head, 'X-Gateway-Key'), head).toEqual([GATEWAY_KEY]);
      expect(header(head, 'X-Client-Tag'), head).toEqual(['wirecheck-e2e']);
    }
    // 10 a second, one every 100 ms (a race's two together, paid for in full): from the first to the last, at least (n-1) × 100 ms.
    const span = (seen.at(-1)?.at ?? 0) - (seen[0]?.at ?? 0);
    expect(span).toBeGreaterThanOrEqual((seen.length - 1) * 100 - 50);

    expectNowhere(run, GATEWAY_KEY);
    const manifest = JSON.parse(readFileSync(join(run.reportDir, 'manifest.json'), 'utf8')) as { environment: { commandLine: string } };
    expect(manifest.environment.commandLine).toContain("--secret-header 'X-Gateway-Key: env:GW_KEY'");
  }, 180_000);
});

describe('wirecheck run resource-api (reference target) with --secret-header', () => {
  it('keeps the value out of a failed check\'s transcript and every other file, its reproduce command naming a variable instead', async () => {
    // A fault fails RA-PREF-01, so its evidence (the transcript, the reproduce command) is written.
    const run = await runWirecheck([
      'run', 'resource-api', '--only', 'RA-PREF-01,RA-AUTH-01', '--seed', '12', '--reference-fault', 'patch-200-with-body',
      '--secret-header', `X-Gateway-Key: ${GATEWAY_KEY}`, '--no-allure',
    ]);
    expect(run.exitCode, run.stdout + run.stderr).toBe(1);
    const failed = run.summary?.checks.find((c) => c.id === 'RA-PREF-01');
    expect(failed?.outcome).toBe('failed');
    expect(failed?.reproduce).toContain("--secret-header 'X-Gateway-Key: env:X_GATEWAY_KEY'");
    expect(readFileSync(join(run.reportDir, failed?.transcript ?? ''), 'utf8')).toContain('X-Gateway-Key: [REDACTED]');
    expectNowhere(run, GATEWAY_KEY);
  }, 180_000);
});
