// Spec, Limits: runtime `^20.19.0 || ^22.12.0 || >=24.0.0` and package manager 10 or
// newer, checked before any driver loads. The npm version is read cheaply: a test
// override, else npm's user agent (set when run through npm/npx), else `npm --version`.
import { execFileSync } from 'node:child_process';
import { CliError } from './cli-errors.ts';
import type { Environment } from './config.ts';

export const NODE_RANGE = '^20.19.0 || ^22.12.0 || >=24.0.0';
export const NPM_RANGE = '>=10';
const NPM_NOT_FOUND = 'not found';

interface Version {
  major: number;
  minor: number;
  patch: number;
}

export function parseVersion(raw: string): Version | undefined {
  const match = /^v?(\d+)\.(\d+)\.(\d+)(?:[-+].*)?$/.exec(raw.trim());
  if (!match) return undefined;
  return { major: Number(match[1]), minor: Number(match[2]), patch: Number(match[3]) };
}

export function nodeSatisfies(version: Version): boolean {
  if (version.major === 20) return version.minor >= 19;
  if (version.major === 22) return version.minor >= 12;
  return version.major >= 24;
}

export function npmSatisfies(version: Version): boolean {
  return version.major >= 10;
}

function detectNpmVersion(env: Environment): string {
  if (env.npmVersionOverride) return env.npmVersionOverride;
  const fromAgent = env.npmUserAgent ? /(?:^|\s)npm\/(\S+)/.exec(env.npmUserAgent)?.[1] : undefined;
  // yarn and pnpm write `npm/?` in the agent they set: only a version is taken from it.
  if (fromAgent && parseVersion(fromAgent)) return fromAgent;
  try {
    return execFileSync('npm', ['--version'], {
      encoding: 'utf8',
      timeout: 15_000,
      env: env.processEnv,
      stdio: [
        'ignore',
        'pipe',
        'ignore',
      ],
      shell: process.platform === 'win32',
    }).trim();
  }
  catch {
    return NPM_NOT_FOUND;
  }
}

/** Throws VENDOR_ERR_ENGINE naming the found and required versions. */
export function checkEngines(env: Environment): { node: string; npm: string } {
  const node = env.nodeVersionOverride ?? process.versions.node;
  const parsedNode = parseVersion(node);
  if (!parsedNode || !nodeSatisfies(parsedNode)) {
    throw new CliError(
      'VENDOR_ERR_ENGINE',
      `engine error: Node.js ${node} found, but ${NODE_RANGE} is required. ` +
        'Install a supported Node.js release (e.g. the current 22.x LTS) and start the server again.',
    );
  }
  const npm = detectNpmVersion(env);
  const parsedNpm = parseVersion(npm);
  if (!parsedNpm || !npmSatisfies(parsedNpm)) {
    throw new CliError(
      'VENDOR_ERR_ENGINE',
      `engine error: ${npm === NPM_NOT_FOUND ? 'npm was not found on PATH' : `npm ${npm} found`}, but npm ${NPM_RANGE} is required. ` +
        'Upgrade npm (`npm install -g npm@10`) and start the server again.',
    );
  }
  return { node, npm };
}
