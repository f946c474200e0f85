// `wirecheck run` answers bad options with exit 2 and every problem at once, a target
// it cannot reach or start with exit 2 and what to do, and a vacuous run with exit 3.
import { existsSync } from 'node:fs';
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

  it('exits 2 with a clear message for a closed port', async () => {
    const port = await freePort();
    const run = await runWirecheck(['run', 'webhook', '--target', 'external', '--base-url', `http://127.0.0.1:${port}`, '--secret', 'abcdef']);
    expect(run.exitCode).toBe(2);
    expect(run.stderr).toContain(`the webhook receiver at http://127.0.0.1:${port} is not reachable (ECONNREFUSED)`);
    // It said where reports would go; nothing was run, so no empty folder is left there.
    expect(run.stdout).toContain(`reports in ${run.reportDir}`);
    expect(existsSync(run.reportDir)).toBe(false);
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
