// The harness against a hostile target (issue 17): a target that answers with endless
// bodies, a 2 GiB Content-Length, an endless head, no answer at all, or control bytes
// and markup in every field. Whatever it does, a run ends by itself with exit 1 or 2,
// every process of the run stays under a memory bound, and no output — terminal,
// transcripts, summary, report.html, JUnit, Allure results — carries a raw control
// character. Each case first proves the hostile answer was really given.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { rawControlsIn, rawControlsInReport } from '../testing/raw-controls.ts';
import type { HostileBehaviour } from './hostile-answers.ts';
import { PEAK_RSS_LIMIT_MIB, runAgainstHostileTarget, type AttackedSystem } from './run-against-hostile-target.ts';

// The checks of each case: the raw exchange (RA-PREF-02), the Pact verifier (RA-PACT-01),
// undici (RA-LABEL-01), the webhook client and the W3C client — few, as each costs a run.
const CASES: [AttackedSystem, HostileBehaviour, string][] = [
  ['resource-api', 'endless-chunked-body', 'RA-PREF-02,RA-PACT-01'],
  ['resource-api', 'huge-content-length', 'RA-PREF-02,RA-PACT-01'],
  ['resource-api', 'endless-headers', 'RA-PREF-02,RA-LABEL-01'],
  ['resource-api', 'control-bytes', 'RA-PREF-02,RA-LABEL-01'],
  ['resource-api', 'stall', 'RA-LABEL-01'],
  ['webhook', 'endless-chunked-body', 'WH-ACK-01'],
  ['webhook', 'control-bytes', 'WH-ACK-01'],
  ['device-server', 'endless-chunked-body', 'DS-SESS-01'],
  ['device-server', 'control-bytes', 'DS-SESS-01'],
];

const scratch = mkdtempSync(join(tmpdir(), 'wirecheck-hostile-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

// Several runs at a time (vitest's maxConcurrency): each is mostly waiting on its target.
describe.concurrent.each(CASES)('a %s target answering with %s', (system, behaviour, only) => {
  it('ends the run by itself with exit 1 or 2, every process under the memory bound, no raw control byte in any output', async () => {
    const { run, hostileAnswers, peaks } = await runAgainstHostileTarget(system, behaviour, only, scratch);
    const said = `${run.stdout}\n${run.stderr}`;
    expect(hostileAnswers, `the hostile answer was never given:\n${said}`).toBeGreaterThan(0);
    expect([1, 2], said).toContain(run.exitCode);
    expect(run.stderr, 'a crash, not a verdict').not.toMatch(/\n\s+at .+:\d+:\d+\)?\n/);
    expect(peaks.length, 'the preload reported no process').toBeGreaterThan(0);
    expect(peaks.filter((p) => p.mib >= PEAK_RSS_LIMIT_MIB), JSON.stringify(peaks)).toEqual([]);
    expect(rawControlsIn(run.stdout), 'stdout').toEqual([]);
    expect(rawControlsIn(run.stderr), 'stderr').toEqual([]);
    expect(rawControlsInReport(run.reportDir).found).toEqual({});
  }, 300_000);
});
