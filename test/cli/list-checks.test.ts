// `wirecheck list --json`: the catalog as auditors' tooling reads it — every MUST and
// SHOULD check with the words that make it so, through the real executable.
import { describe, expect, it } from 'vitest';
import { runWirecheck } from '../testing/run-wirecheck.ts';

interface Listed { id: string; level: string; basis?: { quote: string; source?: string } }

describe('wirecheck list --json', () => {
  it('gives every MUST and SHOULD check its basis: a quote, and its source where that is not the spec', async () => {
    const run = await runWirecheck(['list', '--json']);
    expect(run.exitCode, run.stderr).toBe(0);
    const checks = JSON.parse(run.stdout) as Listed[];
    expect(checks.filter((c) => c.level !== 'INFO' && !c.basis?.quote).map((c) => c.id)).toEqual([]);
    expect(checks.find((c) => c.id === 'WH-VAL-14')?.basis).toEqual({ quote: expect.stringContaining('Only `payment.succeeded` is accepted.') });
    expect(checks.find((c) => c.id === 'RA-DUR-04')?.basis?.source).toBe('RFC 9110 §15.6');
  }, 30_000);
});
