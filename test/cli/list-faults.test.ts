// `wirecheck list --faults`: the deliberate bugs the self-test switches on with
// --reference-fault, the reference's and the webhook sender's, each with what it breaks,
// through the real executable.
import { describe, expect, it } from 'vitest';
import { runWirecheck } from '../testing/run-wirecheck.ts';

interface ListedFault { system: string; of: string; name: string; description: string }

describe('wirecheck list --faults', () => {
  it('prints each system\'s faults under a heading per program, the sender\'s included, each with its description', async () => {
    const run = await runWirecheck(['list', '--faults', 'webhook']);
    expect(run.exitCode, run.stderr).toBe(0);
    const lines = run.stdout.trimEnd().split('\n');
    expect(lines[0]).toBe('webhook reference:');
    expect(lines).toContain('webhook sender:');
    expect(lines.indexOf('webhook sender:')).toBeGreaterThan(lines.indexOf('webhook reference:'));
    expect(lines).toContainEqual(expect.stringMatching(/^ {2}reserialized-body +HMAC over JSON\.stringify\(JSON\.parse\(body\)\) instead of the raw bytes$/));
    expect(lines).toContainEqual(expect.stringMatching(/^ {2}sender-no-dead-letter +an exhausted delivery is not written to the dead-letter file$/));
    expect(lines).toContainEqual(expect.stringMatching(/^ {2}sender-jitter-on +jitter on unless switched off$/));
    expect(run.stdout).not.toContain('resource-api');
    expect(lines.at(-1)).toMatch(/^\d+ faults: wirecheck run <system> --reference-fault NAME\[,NAME\]/);
  }, 30_000);

  it('--json gives system, program, name and description of every fault of every system', async () => {
    const run = await runWirecheck(['list', '--faults', '--json']);
    expect(run.exitCode, run.stderr).toBe(0);
    const faults = JSON.parse(run.stdout) as ListedFault[];
    expect([...new Set(faults.map((f) => `${f.system} ${f.of}`))]).toEqual(['webhook reference', 'webhook sender', 'webhook-sender reference', 'resource-api reference', 'device-server reference']);
    expect(faults.filter((f) => !f.description)).toEqual([]);
    expect(faults).toContainEqual({ system: 'webhook', of: 'sender', name: 'sender-retry-on-4xx', description: '4xx answers are retried like 5xx' });
    expect(faults).toContainEqual({ system: 'resource-api', of: 'reference', name: 'crlf-after-204', description: 'writes an extra CRLF after the 204 header section' });
    expect(faults).toContainEqual({ system: 'device-server', of: 'reference', name: 'version-not-3', description: '`--version` and `/status` report 2.x' });
    expect(new Set(faults.map((f) => `${f.system}/${f.name}`)).size).toBe(faults.length);
  }, 30_000);
});
