// The false-alarm guard for the webhook sender: an independent sender (alternatives/
// webhook-sender/fetch-retry: fetch with its own retry loop, written apart from the
// bundled one) is certified through its own command line with --strict and must pass
// every check; the same sender with every delay doubled (its BACKOFF_BASE_MS knob) must
// fail the delay checks — and only those.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'vitest';
import { PROJECT_ROOT, outcomesById, runWirecheck, type WirecheckRun } from '../testing/run-wirecheck.ts';

interface SenderAlternative {
  readonly command: string;
  readonly deadLetterCommand: string;
  readonly runArgs: readonly string[];
}

const DIR = join(PROJECT_ROOT, 'alternatives', 'webhook-sender', 'fetch-retry');
const alt = JSON.parse(readFileSync(join(DIR, 'alternative.json'), 'utf8')) as SenderAlternative;

function certify(env: Record<string, string> = {}): Promise<WirecheckRun> {
  return runWirecheck(['run', 'webhook-sender', '--target', 'external', '--sender-cmd', alt.command, '--dead-letter-cmd', alt.deadLetterCommand,
    ...alt.runArgs, '--strict', '--no-allure'], { env, timeoutMs: 240_000 });
}

describe('an independent webhook sender', () => {
  it.concurrent('passes every check', async ({ expect }) => {
    const run = await certify();
    expect(run.exitCode, `${run.stdout.slice(-4000)}\n${run.stderr.slice(-2000)}`).toBe(0);
    const notPassing = (run.summary?.checks ?? []).filter((c) => c.outcome !== 'passed').map((c) => `${c.id} ${c.outcome}: ${c.reason ?? ''}`);
    expect(notPassing).toEqual([]);
  }, 300_000);

  it.concurrent('fails the delay checks, and only those, with its delays off by a factor of two', async ({ expect }) => {
    const run = await certify({ BACKOFF_BASE_MS: '500' });
    expect(run.exitCode, run.stdout.slice(-4000)).toBe(1);
    const outcomes = outcomesById(run.summary);
    const failed = [...outcomes.values()].filter((c) => c.outcome === 'failed').map((c) => c.id);
    expect(failed.sort()).toEqual(['WS-DELAY-01', 'WS-DELAY-02']);
  }, 300_000);
});
