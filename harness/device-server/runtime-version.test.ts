// The preload that presents a runtime version leaves marks a check can read: loaded,
// and read once process.version or process.versions.node is looked at.
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { reportedNodeVersionEnv, versionMarks } from './runtime-version.ts';

const dir = mkdtempSync(join(tmpdir(), 'wirecheck-node-version-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function runNode(script: string, markFile: string): Promise<string> {
  const env = { ...process.env, ...reportedNodeVersionEnv({}, '20.18.3', markFile) };
  return new Promise((resolve, reject) => {
    execFile(process.execPath, ['-e', script], { env }, (error, stdout) => (error ? reject(error) : resolve(stdout.trim())));
  });
}

describe('the presented runtime version', () => {
  it('is what process.version and process.versions.node say, and marks that it was read', async () => {
    const markFile = join(dir, 'read.marks');
    expect(await runNode('console.log(process.version, process.versions.node)', markFile)).toBe('v20.18.3 20.18.3');
    expect(versionMarks(markFile)).toEqual({ loaded: true, read: true });
  });

  it('marks a process that never reads it as loaded only', async () => {
    const markFile = join(dir, 'unread.marks');
    expect(await runNode('console.log(1)', markFile)).toBe('1');
    expect(versionMarks(markFile)).toEqual({ loaded: true, read: false });
  });

  it('has no marks where the preload never ran', () => {
    expect(versionMarks(join(dir, 'none.marks'))).toEqual({ loaded: false, read: false });
  });
});
