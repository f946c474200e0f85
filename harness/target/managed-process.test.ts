import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { harnessErrorIn } from '../checks/harness-error.ts';
import { startManagedProcess, tellingLines } from './managed-process.ts';

const dir = mkdtempSync(join(tmpdir(), 'wirecheck-managed-process-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('tellingLines', () => {
  it('keeps the last lines that say something, on one line: no stack frames, Node\'s banner or lone brackets', () => {
    const log = [
      'node:internal/modules/run_main:123', '    triggerUncaughtException(', '    ^',
      "Error [ERR_MODULE_NOT_FOUND]: Cannot find module '/p/cli.ts' imported from /p/",
      '    at finalizeResolution (node:internal/modules/esm/resolve:283:11)', '    at Hooks.resolve (node:internal/modules/esm/hooks:306:30) {',
      "  code: 'ERR_MODULE_NOT_FOUND',", "  url: 'file:///p/cli.ts'", '}', '', 'Node.js v20.20.2',
    ].join('\n');
    expect(tellingLines(log)).toBe("Error [ERR_MODULE_NOT_FOUND]: Cannot find module '/p/cli.ts' imported from /p/ | code: 'ERR_MODULE_NOT_FOUND', | url: 'file:///p/cli.ts'");
    expect(tellingLines('')).toBe('');
    expect(tellingLines('x'.repeat(2000))).toHaveLength(601);
    expect(tellingLines('(node:123) [FSTDEP022] FastifyWarning: deprecated\n(Use `node --trace-warnings ...` to show where the warning was created)')).toBe('');
  });
});

describe('startManagedProcess', () => {
  it('says on the first line of its error what the stderr of a process that exited before it was ready ends with, all of its output read', async () => {
    const logFile = join(dir, 'exits.log');
    const script = 'for (let i = 0; i < 3000; i++) console.log(`progress ${i}`); console.error("fatal: the port is taken"); process.exitCode = 3;';
    const started = startManagedProcess({ label: 'test server', command: process.execPath, args: ['-e', script], env: {}, logFile, healthUrl: 'http://127.0.0.1:9/status' });
    const error = await started.then(() => undefined, (e: unknown) => e as Error);
    const [first, ...rest] = error?.message.split('\n') ?? [];
    expect(first).toBe(`test server exited with 3 before it was ready; its log ends: fatal: the port is taken (log: ${logFile}).`);
    expect(rest).toContain('    progress 2999');
    expect(readFileSync(logFile, 'utf8')).toContain('fatal: the port is taken');
  });

  it('says so when the process wrote nothing', async () => {
    const logFile = join(dir, 'silent.log');
    const error = await startManagedProcess({ label: 'silent', command: process.execPath, args: ['-e', 'process.exitCode = 1'], env: {}, logFile, healthUrl: 'http://127.0.0.1:9/status' })
      .then(() => undefined, (e: unknown) => e as Error);
    expect(error?.message).toBe(`silent exited with 1 before it was ready; it wrote nothing (log: ${logFile}).\nLast lines of its log:\n    (no output)`);
  });
});

describe('startManagedProcess, its limit', () => {
  it('a process still starting when the harness\'s limit runs out is the harness\'s trouble; one that exits is a set-up mistake', async () => {
    const logFile = join(dir, 'slow.log');
    const slow = await startManagedProcess({ label: 'slow', command: process.execPath, args: ['-e', 'setInterval(() => {}, 1000)'], env: {}, logFile, healthUrl: 'http://127.0.0.1:9/status', startTimeoutMs: 300 })
      .then(() => undefined, (e: unknown) => e as Error);
    expect(slow?.message.split('\n')[0]).toMatch(new RegExp(`^slow did not become ready within [\\d.]+ s \\(the harness's own limit.*\\) \\(http://127\\.0\\.0\\.1:9/status\\); it wrote nothing \\(log: .*slow\\.log\\)\\.$`));
    expect(harnessErrorIn(slow)?.reason).toMatch(/^the harness could not judge this check: slow did not become ready .* — not a finding about the target; run again on a less loaded machine/);
    const exits = await startManagedProcess({ label: 'exits', command: process.execPath, args: ['-e', 'process.exitCode = 1'], env: {}, logFile: join(dir, 'exits-early.log'), healthUrl: 'http://127.0.0.1:9/status' })
      .then(() => undefined, (e: unknown) => e as Error);
    expect(exits?.message).toMatch(/^exits exited with 1 before it was ready/);
    expect(harnessErrorIn(exits)).toBeUndefined();
  });
});

describe('startManagedProcess, stdout only', () => {
  it('takes what the log ends with when nothing came on stderr', async () => {
    const logFile = join(dir, 'stdout.log');
    const error = await startManagedProcess({ label: 'quiet', command: process.execPath, args: ['-e', 'console.log("cannot open the store"); process.exitCode = 2'], env: {}, logFile, healthUrl: 'http://127.0.0.1:9/status' })
      .then(() => undefined, (e: unknown) => e as Error);
    expect(error?.message.split('\n')[0]).toBe(`quiet exited with 2 before it was ready; its log ends: cannot open the store (log: ${logFile}).`);
  });
});
