// `wirecheck serve resource-api` started on its own, then `wirecheck run resource-api
// --target external` against it, the way a vendor points the harness at a deployment:
// passing when clean (the cross-user checks that need the other user's token skipped
// as not applicable), skipping the probe checks without --probe, failing by name under
// a fault — and the bearer tokens in no report file, no stdout and no stderr. Also the
// reference target: the tokens it makes for a run never reach the report either.
import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runWirecheck, type WirecheckRun } from '../testing/run-wirecheck.ts';
import { serveReference, type Served } from '../testing/serve-reference.ts';
import { allureTotals, summaryAsAllure } from '../testing/allure-results.ts';

const TOKEN = `e2e-${randomBytes(16).toString('hex')}`;
const OTHER_TOKEN = `e2e-other-${randomBytes(16).toString('hex')}`;
const TOKENS = { API_TOKENS: `${TOKEN}:alice,${OTHER_TOKEN}:bob` };
const USERS = ['--user-id', 'alice', '--other-user-id', 'bob'];
const NEEDS_OTHER_TOKEN = ['RA-AUTH-05', 'RA-AUTH-06', 'RA-AUTH-07'];

function allFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? allFiles(path) : [path];
  });
}

function expectNoSecret(run: WirecheckRun, secret: string | RegExp): void {
  const holds = (text: string) => (typeof secret === 'string' ? text.includes(secret) : secret.test(text));
  for (const file of allFiles(run.reportDir)) expect(holds(readFileSync(file, 'latin1')), `${file} holds a token`).toBe(false);
  expect(holds(run.stdout + run.stderr), 'stdout or stderr holds a token').toBe(false);
}

function external(served: Served, ...more: string[]): Promise<WirecheckRun> {
  return runWirecheck(['run', 'resource-api', '--target', 'external', '--base-url', served.baseUrl, '--token', TOKEN, ...USERS, '--seed', '11', ...more]);
}

describe('wirecheck run resource-api --target external', () => {
  let clean: Served;
  let faulty: Served;
  beforeAll(async () => {
    // One after the other: two references starting at once are slow on 2 cores.
    clean = await serveReference('resource-api', { ...TOKENS, CONFORMANCE_PROBE: '1' });
    faulty = await serveReference('resource-api', { ...TOKENS, CONFORMANCE_PROBE: '1', CONFORMANCE_FAULTS_ENABLED: '1', WIRECHECK_FAULTS: 'patch-200-with-body,cross-user-write' });
  }, 90_000);
  afterAll(async () => {
    await Promise.all([clean?.stop(), faulty?.stop()]);
  });

  it('passes against a clean reference with --probe and --other-token (exit 0), nothing skipped, neither token in any report', async () => {
    // A check of each kind through the external path; every check against a correct external target is test/alternatives'.
    const run = await external(clean, '--probe', '--no-allure', '--other-token', OTHER_TOKEN, '--only', 'RA-FRAME-01,RA-NOBODY-*,RA-PREF-*,RA-AUTH-*,RA-DEL-*,RA-COND-0*,RA-DUR-*,RA-CONC-02');
    expect(run.exitCode, run.stdout + run.stderr).toBe(0);
    expect(run.summary?.target).toEqual({ kind: 'external', baseUrl: clean.baseUrl });
    expect(run.summary?.checks.filter((c) => c.outcome === 'skipped').map((c) => c.id)).toEqual([]);
    expectNoSecret(run, TOKEN);
    expectNoSecret(run, OTHER_TOKEN);
  }, 180_000);

  it('skips the checks needing the other user\'s token without --other-token, saying how to give it', async () => {
    const run = await external(clean, '--no-allure', '--only', NEEDS_OTHER_TOKEN.join(','));
    expect(run.exitCode, run.stdout + run.stderr).toBe(3);
    const skipped = run.summary?.checks.filter((c) => c.outcome === 'skipped') ?? [];
    expect(skipped.map((c) => c.id).sort()).toEqual(NEEDS_OTHER_TOKEN);
    for (const c of skipped) expect(c.reason).toMatch(/^not applicable: needs a token of --other-user-id .*--other-token/);
  }, 60_000);

  it('skips the probe checks without --probe, saying why', async () => {
    const run = await external(clean, '--no-allure', '--only', 'RA-DEL-*,RA-DUR-*,RA-CONC-01,RA-CONC-02,RA-CONC-03,RA-PREF-01');
    expect(run.exitCode, run.stdout + run.stderr).toBe(0);
    const skipped = run.summary?.checks.filter((c) => c.outcome === 'skipped') ?? [];
    expect(skipped.map((c) => c.id).sort()).toEqual(['RA-CONC-02', 'RA-CONC-03', 'RA-DEL-04', 'RA-DEL-05', 'RA-DUR-02', 'RA-DUR-03', 'RA-DUR-04']);
    expect(new Set(skipped.map((c) => c.reason))).toEqual(new Set(['needs probe']));
    // The five MUST among them, on the verdict line: a green exit 0 does not hide them.
    expect(run.stdout).toContain('PASSED (exit 0) — 5 MUST checks skipped (needs probe: 5); --fail-on-skipped-must would fail the run');
    // Allure counts them skipped, as summary.json does.
    expect(allureTotals(run.reportDir)).toEqual(summaryAsAllure(run.summary?.totals ?? {}));
  }, 120_000);

  it('fails the run on a skipped MUST check with --fail-on-skipped-must (exit 1), the check\'s own outcome staying skipped', async () => {
    const run = await external(clean, '--no-allure', '--fail-on-skipped-must', '--only', 'RA-DEL-04,RA-PREF-01');
    expect(run.exitCode, run.stdout + run.stderr).toBe(1);
    expect(run.stdout).toContain('FAILED (exit 1): 1 MUST check skipped (needs probe: 1), gating with --fail-on-skipped-must');
    expect(run.summary).toMatchObject({ exitCode: 1, failOnSkippedMust: true });
    expect(run.summary?.checks.map((c) => [c.id, c.outcome])).toEqual([['RA-PREF-01', 'passed'], ['RA-DEL-04', 'skipped']]);
    expect(readFileSync(join(run.reportDir, 'report.html'), 'utf8')).toContain('1 MUST check skipped (needs probe: 1), and --fail-on-skipped-must makes a skipped MUST check fail the run');
  }, 120_000);

  it('fails by name against a faulty deployment (exit 1), with redacted evidence and no token anywhere', async () => {
    // The checks the two faults break, plus the Pact verification: a full run is the clean test's job.
    const run = await external(faulty, '--probe', '--only', 'RA-PREF-*,RA-AUTH-04,RA-PACT-01');
    expect(run.exitCode, run.stdout + run.stderr).toBe(1);
    expect(run.stdout).toMatch(/FAILED \(exit 1\): .*RA-PREF-01/);
    expect(run.stdout).toMatch(/FAILED \(exit 1\): .*RA-AUTH-04/);
    const failed = run.summary?.checks.find((c) => c.id === 'RA-PREF-01');
    expect(failed?.reproduce).toBe(`npx wirecheck run resource-api --target external --base-url ${faulty.baseUrl} --probe --seed 11 --token "$TOKEN" --user-id alice --other-user-id bob --only RA-PREF-01`);
    const transcript = readFileSync(join(run.reportDir, failed?.transcript ?? ''), 'utf8');
    expect(transcript).toContain('Authorization: Bearer [REDACTED]');
    expect(transcript).toContain('HTTP/1.1 200');
    expectNoSecret(run, TOKEN);
    expect(readdirSync(join(run.reportDir, 'pacts'))).toEqual(['wirecheck-resource-api-client-resource-api.json']);
    expect(readdirSync(join(run.reportDir, 'allure-report'))).toContain('index.html');
    // Opened from disk it fetches nothing: Allure's Google Analytics loader is taken out.
    const allure = readFileSync(join(run.reportDir, 'allure-report', 'index.html'), 'utf8');
    expect(allure).not.toMatch(/googletagmanager|<(script|link|img|iframe)\b[^>]*\b(src|href)=["']?(https?:)?\/\//);
  }, 180_000);

  it('refuses a token the target does not accept with exit 2, naming --token', async () => {
    const run = await runWirecheck(['run', 'resource-api', '--target', 'external', '--base-url', clean.baseUrl, '--token', 'not-a-known-token', ...USERS]);
    expect(run.exitCode).toBe(2);
    expect(run.stderr).toMatch(/answered 401 .*--token/);
  }, 60_000);
});

describe('wirecheck run resource-api (reference target)', () => {
  it('keeps the tokens it makes for the run out of every report file and of the output', async () => {
    const run = await runWirecheck(['run', 'resource-api', '--only', 'RA-AUTH-*,RA-PACT-01,RA-FRAME-01', '--seed', '12', '--no-allure']);
    expect(run.exitCode, run.stdout + run.stderr).toBe(0);
    // The reference's run tokens are `wc_` + 32 base64url characters.
    expectNoSecret(run, /wc_[A-Za-z0-9_-]{32}/);
  }, 180_000);
});
