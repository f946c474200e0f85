// `wirecheck replay` reruns one failing check with its seed and prints its transcript.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runWirecheck } from '../testing/run-wirecheck.ts';

describe('wirecheck replay', () => {
  it('reruns a failing check with its seed and prints the outcome and the redacted transcript', async () => {
    const reportDir = mkdtempSync(join(tmpdir(), 'wirecheck-replay-'));
    const replay = await runWirecheck(['replay', 'WH-SIG-02', '--seed', '4242', '--reference-fault', 'lowercase-only-hex', '--report-dir', reportDir]);
    expect(replay.exitCode, replay.stderr).toBe(1);
    expect(replay.stdout).toContain('── replay WH-SIG-02 · seed 4242 · FAILED — expected 202 (accepted), got 401');
    expect(replay.stdout).toContain('>>> POST /webhooks/payments HTTP/1.1\\r\\n');
    expect(replay.stdout).toContain('>>> x-webhook-signature: [REDACTED]\\r\\n');
    expect(replay.stdout).toContain('<<< HTTP/1.1 401 Unauthorized\\r\\n');
    expect(replay.summary?.checks.map((c) => c.id)).toEqual(['WH-SIG-02']);
    expect(replay.summary?.seed).toBe(4242);
  }, 120_000);

  it('names an unknown check and a missing seed with exit 2', async () => {
    const replay = await runWirecheck(['replay', 'WH-NOPE-01']);
    expect(replay.exitCode).toBe(2);
    expect(replay.stderr).toContain('unknown check id "WH-NOPE-01"');
    expect(replay.stderr).toContain('missing --seed N');
  }, 30_000);
});
