// `wirecheck run` answers bad options with exit 2 and every problem at once, a target
// it cannot reach or start with exit 2 and what to do, and a vacuous run with exit 3.
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runWirecheck } from '../testing/run-wirecheck.ts';
import { freePort } from '../testing/serve-reference.ts';

const REFUSE_WEBHOOK_REFERENCE = new URL('./refuse-webhook-reference.mjs', import.meta.url).href;

describe('wirecheck run: usage errors', () => {
  it('lists every problem of the options at once, with exit 2', async () => {
    const run = await runWirecheck(['run', 'webhooks', '--seed', 'abc', '--target', 'external']);
    expect(run.exitCode).toBe(2);
    expect(run.stderr).toContain('unknown system "webhooks"');
    expect(run.stderr).toContain('--seed "abc" must be an integer');
    expect(run.stderr).toContain('--target external needs --base-url');
    expect(run.stderr).toContain('wirecheck run --help');
  });

  it('rejects an unknown option by name', async () => {
    const run = await runWirecheck(['run', 'webhook', '--bogus']);
    expect(run.exitCode).toBe(2);
    expect(run.stderr).toMatch(/Unknown option '--bogus'/);
  });

  it('needs the secret of an external webhook receiver', async () => {
    const run = await runWirecheck(['run', 'webhook', '--target', 'external', '--base-url', 'http://127.0.0.1:9/']);
    expect(run.exitCode).toBe(2);
    expect(run.stderr).toContain('--secret S or env WEBHOOK_SECRET');
  });

  it('exits 2 with a clear message for a closed port, and the report dir it announced says why', async () => {
    const port = await freePort();
    const parent = mkdtempSync(join(tmpdir(), 'wirecheck-unreachable-'));
    const reportDir = join(parent, 'run');
    try {
      const run = await runWirecheck(['run', 'webhook', '--target', 'external', '--base-url', `http://127.0.0.1:${port}`, '--secret', 'abcdef', '--report-dir', reportDir]);
      expect(run.exitCode).toBe(2);
      expect(run.stderr).toContain(`the webhook receiver at http://127.0.0.1:${port} is not reachable (ECONNREFUSED)`);
      // It said where reports would go: the dir is there, and says why the run ended.
      expect(run.stdout).toContain(`reports in ${reportDir}`);
      expect(readdirSync(reportDir)).toEqual(['run-error.txt']);
      const why = readFileSync(join(reportDir, 'run-error.txt'), 'utf8');
      expect(why).toMatch(/^wirecheck run ended before its reports \(exit 2\): there is no summary\.json; why is below\n/);
      expect(why).toContain(`the webhook receiver at http://127.0.0.1:${port} is not reachable (ECONNREFUSED)`);
      expect(why).toContain('reproduce: npx wirecheck run webhook --target external');
      expect(why).not.toContain('abcdef');
      expect(run.summary).toBeUndefined();
    } finally {
      rmSync(parent, { recursive: true, force: true });
    }
  });

  it('exits 2 with the last lines of its log when the reference fails to start', async () => {
    const run = await runWirecheck(['run', 'webhook', '--no-allure'], { env: { NODE_OPTIONS: `--import ${REFUSE_WEBHOOK_REFERENCE}` } });
    expect(run.exitCode).toBe(2);
    expect(run.stderr).toContain('webhook reference exited with 3 before it was ready; its log ends: refuse-webhook-reference.mjs: this reference will not start');
  });

  it('refuses an unknown --reference-fault before starting anything, naming the known ones, the sender\'s too', async () => {
    const run = await runWirecheck(['run', 'webhook', '--reference-fault', 'no-such-fault', '--no-allure']);
    expect(run.exitCode).toBe(2);
    expect(run.stderr).toMatch(/--reference-fault: unknown fault\(s\) no-such-fault for webhook; known: reserialized-body, .*\bsender-retry-on-4xx, .*, sender-jitter-on \(`wirecheck list --faults webhook` says what each breaks\)/);
    expect(run.stdout).not.toContain('checks selected');
  });

  it('names a --base-url without its scheme with the URL it likely meant, localhost:3000 too', async () => {
    const run = await runWirecheck(['run', 'resource-api', '--target', 'external', '--base-url', 'localhost:3000', '--token', 't', '--user-id', 'u', '--other-user-id', 'o']);
    expect(run.exitCode).toBe(2);
    expect(run.stderr).toContain('--base-url "localhost:3000" has no scheme: did you mean http://localhost:3000?');
  });

  it('exits 3 when --only matches no check', async () => {
    const run = await runWirecheck(['run', 'webhook', '--only', 'WH-NOPE-*']);
    expect(run.exitCode).toBe(3);
    expect(run.stderr).toContain('no check matches --only "WH-NOPE-*"');
    expect(run.summary?.exitCode).toBe(3);
  });

  it('prints help for run with exit 0', async () => {
    const run = await runWirecheck(['run', '--help']);
    expect(run.exitCode).toBe(0);
    for (const option of ['--target', '--base-url', '--probe', '--only', '--seed', '--strict', '--report-dir', '--secret', '--token', '--server-cmd', '--header', '--secret-header', '--rate-limit']) {
      expect(run.stdout).toContain(option);
    }
    // Which header wins, said where the option is.
    expect(run.stdout).toMatch(/A header a\s+check sets itself wins over it\. Refused: the framing headers\s+\(Content-Length, Host, Connection, \.\.\.\) and those checks vary\s+on purpose \(Authorization, Content-Type, Origin, If-Match, \.\.\.\)/);
  });

  it('refuses a framing header, a header without a colon and a bad --rate-limit with exit 2, each with its fix', async () => {
    const run = await runWirecheck(['run', 'webhook', '--header', 'Transfer-Encoding: chunked', '--secret-header', 'hunter42-no-colon', '--rate-limit', '20']);
    expect(run.exitCode).toBe(2);
    expect(run.stderr).toContain('--header Transfer-Encoding: the harness does not add Transfer-Encoding, which frames the body');
    expect(run.stderr).toContain('--secret-header has no colon: give it as "Name: value", e.g. --secret-header "X-Api-Key: env:STAGING_API_KEY"');
    expect(run.stderr).toContain('--rate-limit "20" must be N/s or N/min');
    expect(run.stderr).not.toContain('hunter42');
  });
});

describe('report retention', () => {
  /** reports/ with three finished runs a minute apart, one that ended before its reports, and a folder that is no run's. */
  function reportsFolder(): { cwd: string; runs: string[] } {
    const cwd = mkdtempSync(join(tmpdir(), 'wirecheck-retention-'));
    const runs = [1, 2, 3, 4].map((minute) => `2026-11-29T09-0${minute}-00-000Z-ab1${minute}`);
    for (const [i, run] of runs.entries()) {
      mkdirSync(join(cwd, 'reports', run, 'allure-report'), { recursive: true });
      if (i === 1) writeFileSync(join(cwd, 'reports', run, 'run-error.txt'), 'wirecheck run ended before its reports (exit 2): …');
      else writeFileSync(join(cwd, 'reports', run, 'summary.json'), JSON.stringify({ schema: 'wirecheck.summary/v1' }));
    }
    mkdirSync(join(cwd, 'reports', 'pacts'));
    writeFileSync(join(cwd, 'reports', 'README.md'), 'output only');
    return { cwd, runs };
  }

  it('wirecheck reports prune --keep N removes the oldest wirecheck run dirs only; --dry-run removes nothing', async () => {
    const { cwd, runs } = reportsFolder();
    try {
      const dry = await runWirecheck(['reports', 'prune', '--keep', '2', '--dry-run'], { cwd });
      expect(dry.exitCode, dry.stderr).toBe(0);
      expect(dry.stdout).toContain(`would remove 2 older ones: ${runs[1]}, ${runs[0]}`);
      expect(readdirSync(join(cwd, 'reports'))).toHaveLength(6);
      const run = await runWirecheck(['reports', 'prune', '--keep', '2', '--dir', join(cwd, 'reports')]);
      expect(run.exitCode, run.stderr).toBe(0);
      expect(run.stdout).toBe(`reports  kept 2 run dirs in ${join(cwd, 'reports')}, removed 2 older ones: ${runs[1]}, ${runs[0]}\n`);
      expect(readdirSync(join(cwd, 'reports')).sort()).toEqual(['README.md', 'pacts', runs[2], runs[3]].sort());
    } finally {
      rmSync(cwd, { recursive: true, force: true });
    }
  });

  it('refuses a prune without a count, and names what is wrong', async () => {
    const run = await runWirecheck(['reports', 'prune', '--keep', 'all']);
    expect(run.exitCode).toBe(2);
    expect(run.stderr).toContain('--keep "all" must be a whole number from 0 to 10000');
    expect((await runWirecheck(['reports', 'tidy', '--keep', '1'])).stderr).toContain('unknown action "tidy": reports has prune');
    expect((await runWirecheck(['run', 'webhook', '--keep-reports', '0'])).stderr).toContain('--keep-reports "0" must be a whole number from 1 to 10000');
  });

  it('run --keep-reports N keeps the N newest run dirs in reports/ after the run', async () => {
    const { cwd, runs } = reportsFolder();
    try {
      const run = await runWirecheck(['run', 'webhook', '--only', 'WH-SIG-01', '--no-allure', '--keep-reports', '1', '--seed', '3'], { cwd });
      expect(run.exitCode, run.stdout + run.stderr).toBe(0);
      expect(run.stdout).toContain(`reports  kept 1 run dir in ${join(cwd, 'reports')}, removed 3 older ones: ${runs[2]}, ${runs[1]}, ${runs[0]}`);
      // The prune line comes before the verdict, which stays the last line.
      expect(run.stdout.trimEnd().split('\n').at(-1)).toMatch(/^PASSED \(exit 0\)/);
      expect(readdirSync(join(cwd, 'reports')).sort()).toEqual(['README.md', 'pacts', runs[3]].sort());
      expect(existsSync(join(run.reportDir, 'summary.json'))).toBe(true);
    } finally {
      rmSync(cwd, { recursive: true, force: true });
    }
  }, 120_000);
});
