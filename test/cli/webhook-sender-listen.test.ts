// `wirecheck run webhook-sender --listen`: for a sender that only its own UI or API can
// trigger. wirecheck prints each scenario's URL and event file (and writes them to
// scenarios.json); here a sender outside the run — the bundled deliver() in this test's
// process, standing in for a vendor's platform — is told to deliver each of them.
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { deliver } from '../../harness/webhook/sender/deliver.ts';
import { outcomesById, runWirecheck, WIRECHECK_BIN } from '../testing/run-wirecheck.ts';

interface Listed { readonly scenario: string; readonly url: string; readonly eventFile: string; readonly eventId: string }

const SECRET = 'listen-test-secret';

async function listedScenarios(file: string): Promise<Listed[]> {
  for (let waited = 0; waited < 120_000; waited += 100) {
    if (existsSync(file)) return JSON.parse(readFileSync(file, 'utf8')) as Listed[];
    await sleep(100);
  }
  throw new Error(`${file} never appeared`);
}

describe('wirecheck run webhook-sender --listen', () => {
  it('certifies a sender triggered from outside the run, by the URLs it prints', async () => {
    const reportDir = mkdtempSync(join(tmpdir(), 'wirecheck-listen-'));
    const deadLetters = join(reportDir, 'vendor-dead-letters.jsonl');
    let printed = '';
    const run = runWirecheck(['run', 'webhook-sender', '--target', 'external', '--listen', '--sender-timeout-ms', '2000', '--no-allure', '--report-dir', reportDir,
      '--dead-letter-cmd', `"${process.execPath}" "${WIRECHECK_BIN}" deliveries list --dead-letter "${deadLetters}" --json`],
    { env: { WEBHOOK_SENDER_SECRET: SECRET }, timeoutMs: 240_000, onStdout: (chunk) => { printed += chunk; } });
    const listed = await listedScenarios(join(reportDir, 'webhook-sender', 'scenarios.json'));
    expect(listed.length).toBeGreaterThan(10);
    // The vendor's platform: each event delivered to its URL, all at once, as a sender in service would.
    await Promise.all(listed.map((s) => deliver({ url: s.url, secret: SECRET, body: readFileSync(s.eventFile), timeoutMs: 2_000, deadLetterFile: deadLetters })));
    const done = await run;
    const outcomes = outcomesById(done.summary);
    expect(done.exitCode, `${done.stdout.slice(-3000)}\n${done.stderr.slice(-2000)}`).toBe(0);
    expect(`${printed}${done.stderr}`, 'the run says where to deliver').toContain(listed[0]?.url ?? '-');
    expect(outcomes.get('WS-CAP-01')?.outcome).toBe('passed');
    expect(outcomes.get('WS-DLQ-01')?.outcome, 'the exhausted delivery is found in the vendor\'s listing').toBe('passed');
    // Only a command that returns shows the end of a delivery; the ceiling needs a cap of 5.
    expect(outcomes.get('WS-DELAY-03')?.outcome).toBe('skipped');
    const notPassing = [...outcomes.values()].filter((c) => c.outcome !== 'passed' && c.outcome !== 'info' && !['WS-DELAY-03', 'WS-DELAY-02'].includes(c.id));
    expect(notPassing.map((c) => `${c.id} ${c.outcome}: ${c.reason ?? ''}`)).toEqual([]);
  }, 300_000);
});
