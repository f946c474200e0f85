// The false-alarm guard for the webhook sender, on another ecosystem: a Python sender on
// requests with urllib3's Retry (alternatives/webhook-sender/python-requests) is certified
// through its own command line with --strict and must pass every check — including the
// delays of a library that sleeps its backoff before it closes a timed-out socket. Its two
// plausible misconfigurations must each fail the check of the rule they break, and only it:
// 429 retried (WS-STOP-03), 501 taken as permanent (WS-RETRY-01).
import { describe, it } from 'vitest';
import { PROJECT_ROOT, notPassingOfCorrectTarget, outcomesById, judgedRun, RUN_LIMIT_MS, type WirecheckRun } from '../testing/run-wirecheck.ts';
import { senderAlternative, senderRunArgs, SENDER_FAULT_KNOBS_OFF } from '../testing/alternatives.ts';

const alt = senderAlternative(PROJECT_ROOT, 'python-requests');

function certify(env: Record<string, string> = {}): Promise<WirecheckRun> {
  return judgedRun(senderRunArgs(alt), { env: { ...SENDER_FAULT_KNOBS_OFF, ...env }, timeoutMs: RUN_LIMIT_MS });
}

function failedChecks(run: WirecheckRun): string[] {
  return [...outcomesById(run.summary).values()].filter((c) => c.outcome === 'failed').map((c) => c.id).sort();
}

describe('an independent webhook sender in Python (requests + urllib3 Retry)', () => {
  it.concurrent('passes every check', async ({ expect }) => {
    const run = await certify();
    expect(notPassingOfCorrectTarget(run), `${run.stdout.slice(-4000)}\n${run.stderr.slice(-2000)}`).toEqual([]);
  }, 2_100_000); // up to three runs (judgedRun: an inconclusive run is made again, once the machine is calmer)

  it.concurrent('fails WS-STOP-03, and only it, when it retries 429', async ({ expect }) => {
    const run = await certify({ RETRY_429: '1' });
    expect(run.exitCode, run.stdout.slice(-4000)).toBe(1);
    expect(failedChecks(run)).toEqual(['WS-STOP-03']);
    expect(outcomesById(run.summary).get('WS-STOP-03')?.reason).toMatch(/\b429\b/);
  }, 2_100_000);

  it.concurrent('fails WS-RETRY-01, and only it, when it takes 501 as permanent', async ({ expect }) => {
    const run = await certify({ GIVE_UP_501: '1' });
    expect(run.exitCode, run.stdout.slice(-4000)).toBe(1);
    expect(failedChecks(run)).toEqual(['WS-RETRY-01']);
    expect(outcomesById(run.summary).get('WS-RETRY-01')?.reason).toMatch(/\b501\b/);
  }, 2_100_000);
});
