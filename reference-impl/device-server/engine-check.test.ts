import { execFileSync } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { checkEngines, nodeSatisfies, parseVersion } from './engine-check.ts';
import { readEnvironment } from './config.ts';

const env = (extra: NodeJS.ProcessEnv) => readEnvironment({ PATH: process.env['PATH'], ...extra });

describe('engine check', () => {
  it.each([
    ['20.19.0', true], ['20.18.3', false], ['21.7.0', false], ['22.11.0', false], ['22.12.0', true],
    ['23.5.0', false], ['24.0.0', true], ['25.1.0', true], ['18.20.4', false], ['v20.20.2', true],
  ])('Node.js %s satisfies ^20.19.0 || ^22.12.0 || >=24.0.0: %s', (version, expected) => {
    expect(nodeSatisfies(parseVersion(version)!)).toBe(expected);
  });

  it('uses the override variables and names found and required versions', () => {
    expect(() => checkEngines(env({ VENDOR_ENGINE_NODE_VERSION: '18.20.0', VENDOR_ENGINE_NPM_VERSION: '10.0.0' }))).toThrow(
      /engine error: Node\.js 18\.20\.0 found, but \^20\.19\.0 \|\| \^22\.12\.0 \|\| >=24\.0\.0 is required/,
    );
    expect(() => checkEngines(env({ VENDOR_ENGINE_NODE_VERSION: '22.12.0', VENDOR_ENGINE_NPM_VERSION: '9.8.1' }))).toThrow(
      /engine error: npm 9\.8\.1 found, but npm >=10 is required/,
    );
    expect(checkEngines(env({ VENDOR_ENGINE_NODE_VERSION: '24.1.0', VENDOR_ENGINE_NPM_VERSION: '10.9.0' }))).toEqual({ node: '24.1.0', npm: '10.9.0' });
  });

  it("reads npm's version from npm's user agent before running npm", () => {
    expect(checkEngines(env({ npm_config_user_agent: 'npm/10.2.3 node/v20.19.0 linux x64' })).npm).toBe('10.2.3');
  });

  it("runs npm when the agent's npm token is no version (yarn and pnpm write npm/?)", () => {
    const npm = checkEngines(env({ npm_config_user_agent: 'yarn/1.22.22 npm/? node/v20.20.2 linux x64' })).npm;
    expect(parseVersion(npm)).toBeDefined();
  });

  it("reads the version from the package.json of the npm on PATH, as npm --version gives it", () => {
    expect(checkEngines(env({})).npm).toBe(execFileSync('npm', ['--version'], { encoding: 'utf8' }).trim());
  });

  describe('an npm on PATH that is not npm\'s own launcher is run', () => {
    const dir = mkdtempSync(join(tmpdir(), 'engine-check-'));
    afterAll(() => rmSync(dir, { recursive: true, force: true }));
    const onPath = (script: string) => {
      writeFileSync(join(dir, 'npm'), `#!/bin/sh\n${script}\n`);
      chmodSync(join(dir, 'npm'), 0o755);
      return readEnvironment({ PATH: `${dir}:/usr/bin:/bin` });
    };

    it.skipIf(process.platform === 'win32')('and its answer judged', () => {
      expect(() => checkEngines(onPath('echo 9.9.0'))).toThrow(/engine error: npm 9\.9\.0 found, but npm >=10 is required/);
    });

    it.skipIf(process.platform === 'win32')('and an npm that gives no version is not called missing', () => {
      expect(() => checkEngines(onPath('exit 3'))).toThrow(/engine error: `npm --version` gave no version \(Command failed: npm --version\)/);
    });
  });

  it('says npm is missing when no npm is on PATH', () => {
    const empty = mkdtempSync(join(tmpdir(), 'engine-check-empty-'));
    try {
      expect(() => checkEngines(readEnvironment({ PATH: empty }))).toThrow(/engine error: npm was not found on PATH/);
    } finally {
      rmSync(empty, { recursive: true, force: true });
    }
  });

  it('refuses a version it cannot parse', () => {
    expect(() => checkEngines(env({ VENDOR_ENGINE_NODE_VERSION: 'latest' }))).toThrow(/Node\.js latest found/);
  });
});
