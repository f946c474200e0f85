// `--repeat K` reruns every check K times and reports a check whose outcome varied as
// flaky — failed, never passed — in the terminal, summary.json, JUnit and report.html.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runWirecheck } from '../testing/run-wirecheck.ts';
import { checksById, summaryOf } from './testing/evidence-summary.ts';
import { startFakeReceiver } from './testing/fake-receiver.ts';

const SECRET = 'repeat-test-secret';

describe('wirecheck run --repeat', () => {
  it('marks a check whose outcome varies as flaky and failed; stable checks stay as they were', async () => {
    // Right about unsigned deliveries every other time: WH-SIG-03 passes, then fails.
    const receiver = await startFakeReceiver({ secret: SECRET, unsigned: 'alternate' });
    try {
      const run = await runWirecheck(['run', 'webhook', '--target', 'external', '--base-url', receiver.baseUrl, '--secret', SECRET,
        '--only', 'WH-SIG-01,WH-SIG-03,WH-SIG-04', '--repeat', '2', '--no-allure']);
      expect(run.exitCode, run.stdout + run.stderr).toBe(1);
      const checks = checksById(run);
      expect(checks.get('WH-SIG-03')).toMatchObject({ outcome: 'failed', flaky: true, attempts: ['passed', 'failed'] });
      expect(checks.get('WH-SIG-03')?.reason).toMatch(/^flaky: the outcome varied over 2 attempts \(passed, failed\) — expected 401 invalid signature, got 202/);
      for (const id of ['WH-SIG-01', 'WH-SIG-04']) {
        expect(checks.get(id)?.outcome).toBe('passed');
        expect(checks.get(id)?.flaky).toBeUndefined();
      }
      expect(summaryOf(run)?.repeat).toBe(2);
      expect(run.stdout).toContain('── attempt 2 of 2');
      expect(run.stdout).toContain('~ WH-SIG-03   MUST   passed, failed → failed');
      expect(readFileSync(join(run.reportDir, 'junit.xml'), 'utf8')).toContain('<property name="flaky" value="true"/><property name="attempts" value="passed,failed"/>');
      expect(readFileSync(join(run.reportDir, 'report.html'), 'utf8')).toContain('outcome varied over 2 attempts (passed, failed)');
    } finally {
      await receiver.stop();
    }
  }, 120_000);
});
