// A sender command cut at a limit is the harness's trouble, not the sender's: a correct
// sender that stays silent in one scenario past --sender-start-timeout ends that
// scenario's check `error` (exit 4) naming the limit — never "made no attempt at all" —
// while every other scenario is judged. A vendor's sender (--sender-cmd, without
// --target external) is recorded as an external target wherever the run records one.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runWirecheck } from '../testing/run-wirecheck.ts';

const SILENT_ONCE = join(import.meta.dirname, 'harness-error', 'sender-silent-once.mjs');

describe('wirecheck run webhook-sender: limits of its own', () => {
  it('ends a check whose scenario was cut at a limit `error`, names the limit, and records the vendor\'s sender as external', async () => {
    const run = await runWirecheck(['run', 'webhook-sender', '--no-allure', '--only', 'WS-STOP-01,WS-STOP-03', '--sender-start-timeout', '3',
      '--sender-cmd', `"${process.execPath}" ${SILENT_ONCE} reject-429 {url} {event} {secret} {dead-letter-file}`], { timeoutMs: 240_000 });
    expect(run.exitCode, run.stdout + run.stderr).toBe(4);
    const stop3 = run.summary?.checks.find((c) => c.id === 'WS-STOP-03');
    expect(stop3?.outcome).toBe('error');
    expect(stop3?.reason).toMatch(/^the harness could not judge this check: scenario reject-429, cut: its command made no attempt within 3 s \(--sender-start-timeout\) and was still running, after 0 attempt\(s\) of the 1 it expects — not a finding about the sender; give a sender that starts slowly more time with --sender-start-timeout S/);
    expect(run.summary?.checks.find((c) => c.id === 'WS-STOP-01')?.outcome).toBe('passed');
    // Its own sender, named by --sender-cmd: external in summary.json, on the terminal and in report.html.
    expect(run.summary?.target.kind).toBe('external');
    expect(run.stdout).toMatch(/^wirecheck \S+ — webhook-sender against the vendor's target/);
    expect(run.stdout).not.toContain('bundled reference');
    expect(readFileSync(join(run.reportDir, 'report.html'), 'utf8')).toMatch(/<dt>Target<\/dt><dd>external · /);
  }, 300_000);
});
