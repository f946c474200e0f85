// Run as the README's first external example runs it — --probe and no --version-field —
// the preflight finds where the receiver reads an event's version, says so on the terminal
// and in preflight.txt, and the ordering checks WH-ORD-01..03 run with it: passing on the
// reference, failing on its ordering faults, and finding a receiver that reads another
// field, or createdAt. Skipped only when nothing is found, saying what was tried.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outcomesById, runWirecheck, type WirecheckRun } from '../testing/run-wirecheck.ts';
import { serveReference, type Served } from '../testing/serve-reference.ts';
import { startVersionFieldReceiver, type VersionFieldReceiver } from '../testing/version-field-receiver.ts';

const SECRET = 'version-field-secret-8c1d';
const ORDERING = ['WH-ORD-01', 'WH-ORD-02', 'WH-ORD-03'];

function certify(baseUrl: string, more: readonly string[] = []): Promise<WirecheckRun> {
  return runWirecheck(['run', 'webhook', '--target', 'external', '--base-url', baseUrl, '--secret', SECRET, '--probe', '--no-allure', '--seed', '31',
    '--only', ORDERING.join(','), ...more]);
}

function outcomes(run: WirecheckRun): string[] {
  const byId = outcomesById(run.summary);
  return ORDERING.map((id) => `${id} ${byId.get(id)?.outcome ?? 'missing'}`);
}

describe('with --probe and no --version-field, the preflight finds where the receiver reads an event\'s version', () => {
  let clean: Served;
  let faulty: Served;
  const receivers: VersionFieldReceiver[] = [];
  beforeAll(async () => {
    [clean, faulty] = await Promise.all([
      serveReference('webhook', { WEBHOOK_SECRET: SECRET, CONFORMANCE_PROBE: '1' }),
      serveReference('webhook', { WEBHOOK_SECRET: SECRET, CONFORMANCE_PROBE: '1', CONFORMANCE_FAULTS_ENABLED: '1', WIRECHECK_FAULTS: 'no-version-guard,equal-version-reapplied' }),
    ]);
  }, 60_000);
  afterAll(async () => {
    await Promise.all([clean?.stop(), faulty?.stop(), ...receivers.map((r) => r.stop())]);
  });

  it('finds data.version on the reference: WH-ORD-01..03 run and pass, and the terminal and preflight.txt say what was found', async () => {
    const run = await certify(clean.baseUrl);
    expect(run.exitCode, run.stdout + run.stderr).toBe(0);
    expect(outcomes(run)).toEqual(ORDERING.map((id) => `${id} passed`));
    expect(run.stdout).toContain('version field: data.version, found through the probe');
    expect(run.stdout).not.toContain('MUST checks skipped');
    expect(readFileSync(join(run.reportDir, 'preflight.txt'), 'utf8')).toContain('version field: data.version, found through the probe');
  }, 180_000);

  it('fails WH-ORD-01..03 on a reference that overwrites newer versions and reapplies an equal one (it was certified, the checks skipped)', async () => {
    const run = await certify(faulty.baseUrl);
    expect(run.exitCode, run.stdout + run.stderr).toBe(1);
    expect(outcomes(run)).toEqual(ORDERING.map((id) => `${id} failed`));
  }, 180_000);

  it('finds a receiver that reads the top-level sequence, and one that orders by createdAt, and WH-ORD-01..03 pass on each', async () => {
    const sequence = await startVersionFieldReceiver(clean.baseUrl, SECRET, (event) => event['sequence']);
    const createdAt = await startVersionFieldReceiver(clean.baseUrl, SECRET, () => undefined);
    receivers.push(sequence, createdAt);
    for (const [receiver, field] of [[sequence, 'sequence'], [createdAt, 'createdAt']] as const) {
      const run = await certify(receiver.baseUrl);
      expect(run.stdout, run.stdout + run.stderr).toContain(`version field: ${field}, found through the probe`);
      expect(run.exitCode, run.stdout + run.stderr).toBe(0);
      expect(outcomes(run)).toEqual(ORDERING.map((id) => `${id} passed`));
    }
  }, 300_000);

  it('skips WH-ORD-01..03 only when no field is found, saying what was tried; --version-field still overrides', async () => {
    // Reads meta.rev, a place the preflight does not try, and gives an event without it version 0.
    const elsewhere = await startVersionFieldReceiver(clean.baseUrl, SECRET, (event) => (event['meta'] as { rev?: unknown } | undefined)?.rev ?? 0);
    receivers.push(elsewhere);
    const run = await certify(elsewhere.baseUrl);
    // Every selected check skipped: nothing executed (exit 3).
    expect(run.exitCode, run.stdout + run.stderr).toBe(3);
    expect(run.stdout).toContain('version field: not found');
    for (const check of run.summary?.checks.filter((c) => ORDERING.includes(c.id)) ?? []) {
      expect(check.outcome).toBe('skipped');
      expect(check.reason).toMatch(/^needs --version-field: .*the preflight looked through the probe and found none: .*left its payment at version 0/);
    }
    const named = await certify(elsewhere.baseUrl, ['--version-field', 'meta.rev']);
    expect(named.exitCode, named.stdout + named.stderr).toBe(0);
    expect(named.stdout).not.toContain('version field:');
    expect(outcomes(named)).toEqual(ORDERING.map((id) => `${id} passed`));
  }, 300_000);
});
