// Spec, Limits: runtime `^20.19.0 || ^22.12.0 || >=24.0.0` and package manager 10 or
// newer, checked before any driver loads. The npm version is read cheaply: a test
// override, else npm's user agent (set when run through npm/npx), else the package.json of
// the npm found on PATH, else `npm --version`. Reading a file comes before starting a
// process: on a busy machine `npm --version` took longer than its limit, and the server
// refused to start saying npm was missing.
import { execFileSync } from 'node:child_process';
import { readFileSync, realpathSync } from 'node:fs';
import { delimiter, dirname, join } from 'node:path';
import { CliError } from './cli-errors.ts';
import type { Environment } from './config.ts';

export const NODE_RANGE = '^20.19.0 || ^22.12.0 || >=24.0.0';
export const NPM_RANGE = '>=10';
const NPM_NOT_FOUND = 'not found';
/** A guard against an npm that hangs, not a speed limit: a busy machine may take this long to start one. */
const NPM_VERSION_TIMEOUT_MS = 60_000;

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
  return installedNpmVersion(env.processEnv['PATH']) ?? npmAnswer(env);
}

/**
 * The version in the package.json of the first `npm` on PATH, when it is npm's own
 * launcher (a link into the npm package, as npm installs itself); undefined otherwise
 * (a wrapper script, a shim), and `npm --version` decides.
 */
function installedNpmVersion(path: string | undefined): string | undefined {
  for (const dir of (path ?? '').split(delimiter).filter(Boolean)) {
    let launcher: string;
    try {
      launcher = realpathSync(join(dir, process.platform === 'win32' ? 'npm.cmd' : 'npm'));
    } catch {
      continue;
    }
    try {
      const manifest = JSON.parse(readFileSync(join(dirname(launcher), '..', 'package.json'), 'utf8')) as { name?: unknown; version?: unknown };
      return manifest.name === 'npm' && typeof manifest.version === 'string' && parseVersion(manifest.version) ? manifest.version : undefined;
    } catch {
      return undefined;
    }
  }
  return undefined;
}

function npmAnswer(env: Environment): string {
  try {
    return execFileSync('npm', ['--version'], {
      encoding: 'utf8',
      timeout: NPM_VERSION_TIMEOUT_MS,
      env: env.processEnv,
      stdio: [
        'ignore',
        'pipe',
        'ignore',
      ],
      shell: process.platform === 'win32',
    }).trim();
  }
  catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return NPM_NOT_FOUND;
    throw new CliError('VENDOR_ERR_ENGINE',
      `engine error: \`npm --version\` gave no version (${(error as Error).message.split('\n')[0]}), so npm ${NPM_RANGE} cannot be confirmed. ` +
        'Check that npm runs (`npm --version`) and start the server again.');
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
