// The foundation's end-to-end promise: `wirecheck serve webhook` started separately,
// then `wirecheck run webhook --target external` against it — passing when clean,
// failing by name under a fault, skipping probe checks without --probe, and never
// letting the secret into any report.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runWirecheck } from '../testing/run-wirecheck.ts';
import { serveReference, type Served } from '../testing/serve-reference.ts';

const SECRET = 'e2e-shared-secret-5b2c91d4';

function allFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? allFiles(path) : [path];
  });
}

describe('wirecheck run webhook --target external', () => {
  let clean: Served;
  let faulty: Served;
  beforeAll(async () => {
    [clean, faulty] = await Promise.all([
      serveReference('webhook', { WEBHOOK_SECRET: SECRET, CONFORMANCE_PROBE: '1' }),
      serveReference('webhook', { WEBHOOK_SECRET: SECRET, CONFORMANCE_PROBE: '1', CONFORMANCE_FAULTS_ENABLED: '1', WIRECHECK_FAULTS: 'lowercase-only-hex,record-on-rejection' }),
    ]);
  }, 60_000);
  afterAll(async () => {
    await Promise.all([clean?.stop(), faulty?.stop()]);
  });

  // A check of each kind, through the external path (probe by option, version field, one base URL):
  // every check against a correct external target is test/alternatives' and the self-test's job.
  it('passes against a clean receiver (exit 0), with the probe', async () => {
    const run = await runWirecheck(['run', 'webhook', '--target', 'external', '--base-url', clean.baseUrl, '--secret', SECRET, '--probe', '--version-field', 'data.version',
      '--no-allure', '--seed', '7', '--only', 'WH-SIG-0*,WH-VAL-1*,WH-ACK-*,WH-PROC-01,WH-ORD-01,WH-CONC-*']);
    expect(run.exitCode, run.stdout + run.stderr).toBe(0);
    expect(run.summary?.target).toEqual({ kind: 'external', baseUrl: clean.baseUrl });
    // One base URL: only the race across instances has nothing to run on.
    const skipped = run.summary?.checks.filter((c) => c.outcome === 'skipped') ?? [];
    expect(skipped.map((c) => `${c.id}: ${c.reason}`)).toEqual([expect.stringMatching(/^WH-CONC-02: needs multi-instance: .*--base-url once per instance/)]);
    // The reference's remedy is not this target's.
    expect(skipped[0]?.reason).not.toContain('DATABASE_URL');
  }, 120_000);

  it('skips the side-effect checks without --probe, saying why', async () => {
    const run = await runWirecheck(['run', 'webhook', '--target', 'external', '--base-url', clean.baseUrl, '--no-allure', '--only', 'WH-ACK-*,WH-SIG-17,WH-VAL-13'], { env: { WEBHOOK_SECRET: SECRET } });
    expect(run.exitCode, run.stdout + run.stderr).toBe(0);
    const skipped = run.summary?.checks.filter((c) => c.outcome === 'skipped') ?? [];
    expect(skipped.map((c) => c.id)).toEqual(expect.arrayContaining(['WH-ACK-03', 'WH-SIG-17']));
    expect(new Set(skipped.map((c) => c.reason))).toEqual(new Set(['needs probe']));
  }, 120_000);

  it('exits 3 when every selected check is skipped', async () => {
    const run = await runWirecheck(['run', 'webhook', '--target', 'external', '--base-url', clean.baseUrl, '--secret', SECRET, '--only', 'WH-ACK-03', '--no-allure']);
    expect(run.exitCode).toBe(3);
  }, 60_000);

  it('fails by name against a faulty receiver (exit 1), and no report holds the secret', async () => {
    // The checks the two faults break: a full run is the clean test's job.
    const run = await runWirecheck(['run', 'webhook', '--target', 'external', '--base-url', faulty.baseUrl, '--secret', SECRET, '--probe', '--only', 'WH-SIG-*,WH-VAL-13']);
    expect(run.exitCode).toBe(1);
    expect(run.stdout).toMatch(/FAILED \(exit 1\): .*WH-SIG-02/);
    expect(run.stdout).toMatch(/FAILED \(exit 1\): .*WH-SIG-17/);
    const failed = run.summary?.checks.find((c) => c.id === 'WH-SIG-02');
    expect(failed?.reproduce).toBe(`npx wirecheck run webhook --target external --base-url ${faulty.baseUrl} --probe --seed ${run.summary?.seed} --secret "$WEBHOOK_SECRET" --only WH-SIG-02`);
    const transcript = readFileSync(join(run.reportDir, failed?.transcript ?? ''), 'utf8');
    expect(transcript).toContain('x-webhook-signature: [REDACTED]');
    expect(transcript).toContain('HTTP/1.1 401');
    for (const file of allFiles(run.reportDir)) {
      expect(readFileSync(file).includes(SECRET), `${file} holds the secret`).toBe(false);
    }
    expect(run.stdout + run.stderr).not.toContain(SECRET);
    expect(readdirSync(join(run.reportDir, 'allure-report'))).toContain('index.html');
  }, 180_000);
});
