// The false-alarm guard for the webhook sender, on another ecosystem: a Python sender on
// requests with urllib3's Retry (alternatives/webhook-sender/python-requests) is certified
// through its own command line with --strict and must pass every check — including the
// delays of a library that sleeps its backoff before it closes a timed-out socket. Its two
// plausible misconfigurations must each fail the check of the rule they break, and only it:
// 429 retried (WS-STOP-03), 501 taken as permanent (WS-RETRY-01).
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'vitest';
import { PROJECT_ROOT, notPassingOfCorrectTarget, outcomesById, judgedRun, RUN_LIMIT_MS, type WirecheckRun } from '../testing/run-wirecheck.ts';

interface SenderAlternative {
  readonly command: string;
  readonly deadLetterCommand: string;
  readonly runArgs: readonly string[];
}

const DIR = join(PROJECT_ROOT, 'alternatives', 'webhook-sender', 'python-requests');
const alt = JSON.parse(readFileSync(join(DIR, 'alternative.json'), 'utf8')) as SenderAlternative;

/** Debian's Python first: the `python3` on PATH may be another one (pyenv) without requests. */
const PYTHON_CANDIDATES = ['/usr/bin/python3', 'python3'];
let python: string | undefined;

/** A Python that imports requests and urllib3; none is a failure that says how to get one, never a skip. */
function pythonWithRequests(): string {
  python ??= PYTHON_CANDIDATES.find((candidate) => spawnSync(candidate, ['-c', 'import requests, urllib3'], { stdio: 'ignore' }).status === 0);
  if (!python) throw new Error(`no Python with requests and urllib3 among ${PYTHON_CANDIDATES.join(', ')}: apt-get install -y python3-requests (.ci/run does)`);
  return python;
}

/** alternative.json's command with the Python found in place of its leading `python3`. */
function withPython(command: string): string {
  return command.replace(/^python3 /, `${pythonWithRequests()} `);
}

function certify(env: Record<string, string> = {}): Promise<WirecheckRun> {
  return judgedRun(['run', 'webhook-sender', '--target', 'external', '--sender-cmd', withPython(alt.command), '--dead-letter-cmd', withPython(alt.deadLetterCommand),
    ...alt.runArgs, '--strict', '--no-allure'], { env: { RETRY_429: undefined, GIVE_UP_501: undefined, ...env }, timeoutMs: RUN_LIMIT_MS });
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
