// A sender command that delivers nothing is a set-up mistake: the preflight ends the run
// with exit 2, the command's output (secret redacted, controls escaped) and the fix.
import { describe, expect, it } from 'vitest';
import { runWirecheck } from '../testing/run-wirecheck.ts';

describe('wirecheck run webhook-sender: the preflight', () => {
  it('ends a run whose sender command delivers nothing in exit 2, with its output and the fix', async () => {
    const secret = 'preflight-test-secret';
    const run = await runWirecheck(['run', 'webhook-sender', '--target', 'external', '--sender-secret', secret, '--no-allure',
      '--sender-cmd', `"${process.execPath}" -e "console.log('\\x1b[31mno such flag', process.argv[1]); process.exit(3)" {secret}`]);
    expect(run.exitCode, run.stderr).toBe(2);
    expect(run.stderr).toContain('the sender command delivered nothing');
    expect(run.stderr).toContain('exited 3');
    expect(run.stderr).toContain('Check --sender-cmd');
    expect(run.stderr, 'the secret the command echoed is redacted').not.toContain(secret);
    expect(run.stderr, 'its control bytes are escaped').not.toContain('\x1b');
    expect(run.summary, 'no check ran').toBeUndefined();
  }, 60_000);
});
