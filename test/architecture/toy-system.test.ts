// Adding a system is one folder and one registration line (issue 18): the toy system of
// toy-system/ registered by a program embedding wirecheck (toy-system/wirecheck-with-toy.ts)
// is listed, documented in --help, certified against its reference and against a tiny
// external target — and failed where that target breaks its one rule.
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../../harness/project-paths.ts';

const ENTRY = join(import.meta.dirname, 'toy-system', 'wirecheck-with-toy.ts');
const dir = mkdtempSync(join(tmpdir(), 'wirecheck-toy-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function wirecheck(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, ['--import', 'tsx', ENTRY, ...args], { cwd: PROJECT_ROOT, timeout: 90_000 }, (error, stdout, stderr) => {
      resolve({ code: typeof error?.code === 'number' ? error.code : error ? 1 : 0, stdout, stderr });
    });
  });
}

/** A tiny external target: GET /hello answers `body`. */
async function greeter(body: string): Promise<{ url: string; server: Server }> {
  const server = createServer((req, res) => (req.url === '/hello' ? res.end(body) : res.writeHead(404).end()));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`, server };
}

const summaryOf = (reportDir: string) => JSON.parse(readFileSync(join(reportDir, 'summary.json'), 'utf8')) as { checks: Array<{ id: string; outcome: string }> };

describe('a fourth system, registered in one line', () => {
  it('is listed, and its options are in run --help', async () => {
    const list = await wirecheck('list', 'toy');
    expect(list.stdout).toContain('TY-HELLO-01');
    expect(list.stdout).toContain('1 checks');
    const help = await wirecheck('run', '--help');
    expect(help.stdout).toContain('webhook | webhook-sender | resource-api | device-server | toy | all');
    expect(help.stdout).toMatch(/\ntoy:\n {2}--greeting WORD +the word the greeter adds/);
  });

  it('is certified against its reference, with its own option', async () => {
    const reportDir = join(dir, 'reference');
    const run = await wirecheck('run', 'toy', '--greeting', 'there', '--report-dir', reportDir, '--no-allure');
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(summaryOf(reportDir).checks).toEqual([expect.objectContaining({ id: 'TY-HELLO-01', outcome: 'passed' })]);
    const refused = await wirecheck('run', 'toy', '--greeting', 'two words');
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('--greeting "two words" must be one word');
  });

  it('passes a tiny external target that follows its rule and fails one that does not, its option in the reproduce command', async () => {
    const good = await greeter('hello world');
    const bad = await greeter('hi world');
    try {
      const passing = await wirecheck('run', 'toy', '--target', 'external', '--base-url', good.url, '--report-dir', join(dir, 'good'), '--no-allure');
      expect(passing.code).toBe(0);
      const failing = await wirecheck('run', 'toy', '--target', 'external', '--base-url', bad.url, '--greeting', 'world', '--report-dir', join(dir, 'bad'), '--no-allure');
      expect(failing.code).toBe(1);
      expect(summaryOf(join(dir, 'bad')).checks).toEqual([expect.objectContaining({ id: 'TY-HELLO-01', outcome: 'failed' })]);
      expect(readFileSync(join(dir, 'bad', 'summary.json'), 'utf8')).toContain('--greeting world --only TY-HELLO-01');
    } finally {
      good.server.close();
      bad.server.close();
    }
  });
});
