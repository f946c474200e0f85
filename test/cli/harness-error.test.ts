// The harness's own trouble is never the target's failure (CONTRACTS §1–§2): a module
// missing from the install and a limit of the harness's own give outcome `error` and
// exit 4 — in summary.json, JUnit (<error>), the terminal and its verdict line — while a
// failure of the target in the same run still decides (exit 1).
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { PROJECT_ROOT, runWirecheck, type Summary } from '../testing/run-wirecheck.ts';

const dir = mkdtempSync(join(tmpdir(), 'wirecheck-harness-error-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const HIDE_MODULE = join(PROJECT_ROOT, 'test', 'testing', 'hide-module.mjs');
const LIMITED_TOY = join(import.meta.dirname, 'harness-error', 'limited-toy.ts');
const STALL_WEBHOOK_REFERENCE = join(import.meta.dirname, 'harness-error', 'stall-webhook-reference.mjs');

function limitedToy(...args: string[]): Promise<{ code: number; stdout: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, ['--import', 'tsx', LIMITED_TOY, ...args], { cwd: PROJECT_ROOT, timeout: 90_000, env: { ...process.env, NO_COLOR: '1' } }, (error, stdout) => {
      resolve({ code: typeof error?.code === 'number' ? error.code : error ? 1 : 0, stdout });
    });
  });
}

const summaryIn = (reportDir: string) => JSON.parse(readFileSync(join(reportDir, 'summary.json'), 'utf8')) as Summary;
const outcomeOf = (summary: Summary | undefined, id: string) => summary?.checks.find((c) => c.id === id);

describe('the harness\'s own trouble', () => {
  it('a verifier that cannot start (Pact missing from the install) ends RA-PACT-01 `error` and the run exit 4, never failed', async () => {
    const run = await runWirecheck(['run', 'resource-api', '--only', 'RA-PACT-01,RA-PREF-01', '--no-allure'], {
      env: { NODE_OPTIONS: `--import=${HIDE_MODULE}`, WIRECHECK_TEST_HIDE_MODULE: '@pact-foundation/pact' },
    });
    expect(run.exitCode, run.stdout + run.stderr).toBe(4);
    const pact = outcomeOf(run.summary, 'RA-PACT-01');
    expect(pact?.outcome).toBe('error');
    expect(pact?.reason).toMatch(/^the harness could not judge this check: Pact's verifier could not run: the Pact process ended \(exit 1\) without a result: .*Cannot find package '@pact-foundation\/pact'.* — not a finding about the target; if a module is missing, reinstall wirecheck/);
    expect(outcomeOf(run.summary, 'RA-PREF-01')?.outcome).toBe('passed');
    expect(run.summary?.totals).toMatchObject({ passed: 1, failed: 0, error: 1 });
    expect(run.stdout).toMatch(/\n\? RA-PACT-01 +MUST /);
    expect(run.stdout).toMatch(/\nINCONCLUSIVE \(exit 4\): no check failed, but the harness could not judge RA-PACT-01 — the harness could not judge this check: Pact's verifier/);
    const junit = readFileSync(join(run.reportDir, 'junit.xml'), 'utf8');
    expect(junit).toMatch(/<error message="the harness could not judge this check: Pact&apos;s verifier|<error message="the harness could not judge this check: Pact's verifier/);
    expect(junit).not.toContain('<failure');
  }, 240_000);

  it('a limit of the harness\'s own that runs out while the target keeps answering is `error` (exit 4); a failure of the target still decides (exit 1)', async () => {
    const reportDir = join(dir, 'limit');
    const limited = await limitedToy('run', 'toy', '--report-dir', reportDir, '--no-allure');
    expect(limited.code, limited.stdout).toBe(4);
    const slow = outcomeOf(summaryIn(reportDir), 'TY-SLOW-01');
    expect(slow?.outcome).toBe('error');
    expect(slow?.reason).toMatch(/^the harness could not judge this check: TY-SLOW-01 did not finish within [\d.]+ s \(the harness's own limit(, stretched ×[\d.]+ for this busy machine)?\); its last exchange with the target ended [\d.]+ s before, and its transcript shows how far it got — not a finding about the target/);
    expect(readFileSync(join(reportDir, 'transcripts', 'TY-SLOW-01.txt'), 'utf8')).toContain('GET /hello HTTP/1.1');
    expect(outcomeOf(summaryIn(reportDir), 'TY-HELLO-01')?.outcome).toBe('passed');
    // A target that breaks its rule: the failure decides, and the check not judged is still named.
    const wrong = createServer((req, res) => res.end('hi world'));
    await new Promise<void>((resolve) => wrong.listen(0, '127.0.0.1', resolve));
    try {
      const url = `http://127.0.0.1:${(wrong.address() as AddressInfo).port}/`;
      const failing = await limitedToy('run', 'toy', '--target', 'external', '--base-url', url, '--report-dir', join(dir, 'failing'), '--no-allure');
      expect(failing.code, failing.stdout).toBe(1);
      expect(failing.stdout).toMatch(/\nFAILED \(exit 1\): TY-HELLO-01 · 1 check not judged \(error\): TY-SLOW-01\n/);
    } finally {
      wrong.close();
    }
  }, 120_000);

  it('a bundled reference still starting when the harness\'s start-up limit runs out ends its system\'s checks `error` (exit 4), never exit 2; the other systems are judged', async () => {
    // Seen under load (bench:under-load, 2026-11-29): `run all` ended exit 2, "webhook reference did not become ready within 300 s".
    const run = await runWirecheck(['run', 'all', '--only', 'WH-SIG-01,RA-PREF-01', '--no-allure'], {
      env: { NODE_OPTIONS: `--import=${STALL_WEBHOOK_REFERENCE}` }, timeoutMs: 900_000,
    });
    expect(run.exitCode, run.stdout + run.stderr).toBe(4);
    const sig = outcomeOf(run.summary, 'WH-SIG-01');
    expect(sig?.outcome).toBe('error');
    expect(sig?.reason).toMatch(/^the harness could not judge this check: webhook reference did not become ready within [\d.]+ s \(the harness's own limit(, stretched ×[\d.]+ for this busy machine)?\) \(http:\/\/127\.0\.0\.1:\d+\/health\S*\); it wrote nothing .* — not a finding about the target; run again on a less loaded machine/);
    expect(outcomeOf(run.summary, 'RA-PREF-01')?.outcome).toBe('passed');
    expect(run.stderr).toMatch(/wirecheck: webhook: webhook reference did not become ready within/);
    expect(run.stdout).toMatch(/\nINCONCLUSIVE \(exit 4\): no check failed, but the harness could not judge WH-SIG-01 — /);
  }, 900_000);
});
