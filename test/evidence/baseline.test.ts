// --baseline end to end against a receiver with known bugs: a known failure does not
// gate, a new one does, an expired entry gates again and says so, a listed check that
// passes is "fixed — remove from baseline"; `baseline write` makes a file from a run;
// a bad baseline is a usage error listing every problem.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findCheck } from '../../harness/systems/catalog.ts';
import { utcDay } from '../../harness/evidence/baseline/baseline-entry.ts';
import { parseBaseline } from '../../harness/evidence/baseline/parse-baseline.ts';
import { runWirecheck, type WirecheckRun } from '../testing/run-wirecheck.ts';
import { checksById, summaryOf } from './testing/evidence-summary.ts';
import { startFakeReceiver, type FakeReceiver } from './testing/fake-receiver.ts';

const SECRET = 'baseline-test-secret';
const DAY = 86_400_000;
const today = utcDay();
const yesterday = utcDay(new Date(Date.now() - DAY));
const nextMonth = utcDay(new Date(Date.now() + 30 * DAY));
const dir = mkdtempSync(join(tmpdir(), 'wirecheck-baseline-'));

function baselineFile(name: string, entries: { id: string; expires: string }[]): string {
  const file = join(dir, name);
  writeFileSync(file, `entries:\n${entries.map((e) => `  - {id: ${e.id}, reason: "ticket ${e.id}", expires: ${e.expires}}`).join('\n')}\n`);
  return file;
}

describe('wirecheck run --baseline', () => {
  let receiver: FakeReceiver;
  let known: WirecheckRun;
  let expired: WirecheckRun;
  const target = () => ['--target', 'external', '--base-url', receiver.baseUrl, '--secret', SECRET, '--no-allure', '--only', 'WH-SIG-01,WH-SIG-02,WH-SIG-03'];

  beforeAll(async () => {
    // Uppercase hex rejected: WH-SIG-02 fails. Unsigned accepted as well: WH-SIG-03 fails too.
    receiver = await startFakeReceiver({ secret: SECRET, rejectUppercase: true });
    const lenient = await startFakeReceiver({ secret: SECRET, rejectUppercase: true, unsigned: 'accept' });
    [known, expired] = await Promise.all([
      runWirecheck(['run', 'webhook', ...target(), '--baseline', baselineFile('known.yaml', [{ id: 'WH-SIG-02', expires: today }, { id: 'WH-SIG-01', expires: nextMonth }])]),
      runWirecheck(['run', 'webhook', ...target().map((a) => (a === receiver.baseUrl ? lenient.baseUrl : a)), '--baseline', baselineFile('expired.yaml', [{ id: 'WH-SIG-02', expires: yesterday }])]),
    ]);
    await lenient.stop();
  }, 120_000);

  afterAll(async () => { await receiver.stop(); });

  it('a known failure does not gate (exit 0): still failed in summary.json, marked baselined with its reason', () => {
    expect(known.exitCode, known.stdout + known.stderr).toBe(0);
    const checks = checksById(known);
    expect(checks.get('WH-SIG-02')).toMatchObject({ outcome: 'failed', baselined: true, baselineReason: 'ticket WH-SIG-02', baselineExpires: today });
    expect(summaryOf(known)?.exitCode).toBe(0);
    expect(summaryOf(known)?.baseline).toMatchObject({ baselined: ['WH-SIG-02'], expired: [], fixed: ['WH-SIG-01'] });
    expect(known.stdout).toContain(`known failure   WH-SIG-02   does not gate until ${today} — ticket WH-SIG-02`);
    expect(known.stdout).toContain('PASSED (exit 0) · 1 baselined failure not gating');
  });

  it('a listed check that passes now is reported "fixed — remove from baseline" (terminal, summary, HTML, JUnit)', () => {
    expect(checksById(known).get('WH-SIG-01')).toMatchObject({ outcome: 'passed', baselineFixed: true });
    expect(known.stdout).toContain('fixed — remove from baseline: WH-SIG-01');
    expect(readFileSync(join(known.reportDir, 'report.html'), 'utf8')).toContain('fixed — remove from baseline');
    expect(readFileSync(join(known.reportDir, 'junit.xml'), 'utf8')).toContain('<property name="baseline" value="baselined"/>');
  });

  it('an expired entry gates again and says it expired; a new failure gates (exit 1)', () => {
    expect(expired.exitCode, expired.stdout + expired.stderr).toBe(1);
    const checks = checksById(expired);
    expect(checks.get('WH-SIG-02')).toMatchObject({ outcome: 'failed', baselineExpired: true, baselineExpires: yesterday });
    expect(checks.get('WH-SIG-02')?.baselined).toBeUndefined();
    expect(checks.get('WH-SIG-03')).toMatchObject({ outcome: 'failed' });
    expect(checks.get('WH-SIG-03')?.baselined).toBeUndefined();
    expect(expired.stdout).toContain(`EXPIRED entry   WH-SIG-02   expired ${yesterday}, gates again`);
    expect(expired.stdout).toContain('FAILED (exit 1): WH-SIG-02, WH-SIG-03');
  });

  it('baseline write --from summary.json makes a baseline of the run\'s failures', async () => {
    const out = join(dir, 'written.yaml');
    const write = await runWirecheck(['baseline', 'write', '--from', join(expired.reportDir, 'summary.json'), '--out', out, '--expires', nextMonth, '--reason', 'PAY-7 accepted until the fix']);
    expect(write.exitCode, write.stderr).toBe(0);
    expect(write.stdout).toContain(`2 entries (WH-SIG-02, WH-SIG-03), expiring ${nextMonth}`);
    expect(parseBaseline(readFileSync(out, 'utf8'), out, findCheck).entries).toEqual([
      { id: 'WH-SIG-02', reason: 'PAY-7 accepted until the fix', expires: nextMonth },
      { id: 'WH-SIG-03', reason: 'PAY-7 accepted until the fix', expires: nextMonth },
    ]);
    // A curated file is never overwritten unasked; --force replaces it.
    writeFileSync(out, 'entries: []  # curated\n');
    const again = await runWirecheck(['baseline', 'write', '--from', join(expired.reportDir, 'summary.json'), '--out', out, '--expires', nextMonth, '--reason', 'r']);
    expect(again.exitCode).toBe(2);
    expect(again.stderr).toContain(`--out ${out} exists: a baseline is curated by hand, so it is not overwritten`);
    expect(readFileSync(out, 'utf8')).toBe('entries: []  # curated\n');
    const forced = await runWirecheck(['baseline', 'write', '--from', join(expired.reportDir, 'summary.json'), '--out', out, '--expires', nextMonth, '--reason', 'r', '--force']);
    expect(forced.exitCode, forced.stderr).toBe(0);
  }, 30_000);

  it('refuses a bad baseline, or bad baseline write options, with exit 2 and every problem at once', async () => {
    const bad = join(dir, 'bad.json');
    writeFileSync(bad, JSON.stringify({ entries: [{ id: 'WH-NOPE-01', reason: 'r', expires: nextMonth }, { id: 'WH-SIG-02', reason: 'r', expires: '2027-02-30' }, { id: 'WH-SIG-02', reason: 'r', expires: nextMonth }] }));
    const run = await runWirecheck(['run', 'webhook', '--baseline', bad, '--repeat', 'x']);
    expect(run.exitCode).toBe(2);
    for (const text of ['unknown check id "WH-NOPE-01"', '"expires" "2027-02-30" is not a date', 'WH-SIG-02 is listed 2 times (entries 2, 3)', '--repeat "x" must be a whole number']) expect(run.stderr).toContain(text);
    const write = await runWirecheck(['baseline', 'write', '--expires', yesterday]);
    expect(write.exitCode).toBe(2);
    for (const text of ['missing --out FILE', `--expires ${yesterday} is already past`, 'missing --reason TEXT', 'missing the run to take failures from']) expect(write.stderr).toContain(text);
  }, 30_000);
});
