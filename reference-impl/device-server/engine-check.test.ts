import { describe, expect, it } from 'vitest';
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

  it('refuses a version it cannot parse', () => {
    expect(() => checkEngines(env({ VENDOR_ENGINE_NODE_VERSION: 'latest' }))).toThrow(/Node\.js latest found/);
  });
});
