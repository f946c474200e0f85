// The package as npm publishes it. `npm pack`, then `npm install --omit=dev` of the tarball
// into an empty project outside the repository — no ../shared beside it, no devDependency,
// no file the tarball leaves out — and from there `wirecheck --help`, `list` and `run all`
// against the bundled references: every module a run loads is a dependency, every file it
// reads ships, and its reports land in the user's directory, not in node_modules.
//
// Minutes (the install, then a full run), so neither `npm test` nor `npm run test:self`
// runs it: `npm run test:package` (its own config, test/package/vitest.config.ts), and .ci/run.
// The install needs the npm registry (or the npm cache: --prefer-offline).
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { tmpdir } from 'node:os';
import { delimiter, join, relative, resolve, sep } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '..', '..');
const SYSTEMS = ['webhook', 'webhook-sender', 'resource-api', 'device-server'];

interface Packed {
  readonly filename: string;
  readonly size: number;
  readonly unpackedSize: number;
  readonly entryCount: number;
  readonly files: readonly { readonly path: string }[];
}

interface Exit {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
  readonly ms: number;
}

/**
 * A user's shell, not this test's: no DATABASE_URL (the references run on embedded PGlite),
 * nothing `npm run` or vitest set (the repository's .npmrc, INIT_CWD, NODE_ENV=test), and
 * none of the repository's node_modules/.bin on PATH.
 */
function userEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (/^(npm_|INIT_CWD$|VITEST|NODE_ENV$|TEST$|DATABASE_URL$|WEBHOOK_SECRET$)/i.test(key)) continue;
    env[key] = value;
  }
  env['PATH'] = (process.env['PATH'] ?? '').split(delimiter).filter((dir) => !resolve(dir).startsWith(ROOT + sep)).join(delimiter);
  return { ...env, NO_COLOR: '1', ...extra };
}

function exec(command: string, args: readonly string[], cwd: string, env: NodeJS.ProcessEnv, timeoutMs: number): Promise<Exit> {
  const started = performance.now();
  return new Promise((done) => {
    execFile(command, [...args], { cwd, env, timeout: timeoutMs, maxBuffer: 64 * 1024 * 1024 }, (error, stdout, stderr) => {
      const code = error ? (typeof error.code === 'number' ? error.code : -1) : 0;
      done({ code, stdout, stderr, ms: Math.round(performance.now() - started) });
    });
  });
}

const tail = (exit: Exit): string => `exit ${exit.code}\n--- stdout\n${exit.stdout.slice(-6000)}\n--- stderr\n${exit.stderr.slice(-6000)}`;

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

/** The packages the shipped sources import (type-only imports aside): each must be a dependency. */
function importedPackages(files: readonly string[]): Map<string, string> {
  const found = new Map<string, string>();
  const pattern = /^\s*(?:import|export)\s+(?!type\s)[^'";]*?from\s*['"]([^'"]+)['"]|^\s*import\s*['"]([^'"]+)['"]|\bimport\(\s*['"]([^'"]+)['"]\s*\)/gm;
  for (const file of files) {
    for (const match of readFileSync(file, 'utf8').matchAll(pattern)) {
      const specifier = match[1] ?? match[2] ?? match[3] ?? '';
      if (/^[./]|^node:/.test(specifier) || builtinModules.includes(specifier)) continue;
      const name = specifier.split('/').slice(0, specifier.startsWith('@') ? 2 : 1).join('/');
      if (!found.has(name)) found.set(name, relative(ROOT, file));
    }
  }
  return found;
}

let dir: string;
let project: string;
let packed: Packed;
let install: Exit;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'wirecheck-packed-'));
  expect(dir.startsWith(ROOT + sep), `${dir} is inside the repository`).toBe(false);
  const pack = await exec('npm', ['pack', '--json', '--pack-destination', dir], ROOT, userEnv({}), 120_000);
  expect(pack.code, tail(pack)).toBe(0);
  [packed] = JSON.parse(pack.stdout) as [Packed];
  project = join(dir, 'project');
  mkdirSync(project);
  writeFileSync(join(project, 'package.json'), `${JSON.stringify({ name: 'packed-install', version: '1.0.0', private: true }, null, 2)}\n`);
  // --engine-strict: installable on every Node its engines accept (a dependency of a
  // dependency asking for a newer Node would fail here, as it would for such a user).
  install = await exec('npm', ['install', '--omit=dev', '--engine-strict', '--prefer-offline', '--no-audit', '--no-fund', join(dir, packed.filename)],
    project, userEnv({}), 600_000);
  expect(install.code, tail(install)).toBe(0);
  console.info(`npm pack: ${packed.entryCount} files, ${(packed.size / 1024).toFixed(0)} kB (${(packed.unpackedSize / 1024).toFixed(0)} kB unpacked) · ` +
    `npm install --omit=dev: ${(install.ms / 1000).toFixed(1)} s`);
}, 720_000);

afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('npm pack', () => {
  it('holds what a run loads: bin, harness, every suite file, the references, their fixtures', () => {
    const paths = new Set(packed.files.map((f) => f.path));
    const suites = filesUnder(join(ROOT, 'suites')).map((file) => relative(ROOT, file).split(sep).join('/'));
    expect(suites.length).toBeGreaterThan(0);
    expect(suites.filter((path) => !paths.has(path)), 'suite files missing from the tarball').toEqual([]);
    for (const path of ['package.json', 'README.md', 'bin/wirecheck.js', 'harness/cli/main.ts', 'harness/device-server/report-node-version.mjs',
      'reference-impl/webhook/server.ts', 'reference-impl/resource-api/server.ts', 'reference-impl/device-server/cli.ts',
      'reference-impl/device-server/drivers/sim-android/package.json', 'fixtures/device-server/sample-app.json', 'docs/ARCHITECTURE.md']) {
      expect(paths.has(path), path).toBe(true);
    }
  });

  it("leaves out the project's own tests, benches, mutation runs, alternatives and reports", () => {
    const stray = packed.files.map((f) => f.path).filter((path) =>
      /^(test|alternatives|bench|mutation|reports|scripts|docker|eslint|\.ci)\//.test(path) ||
      /^(harness|reference-impl)\/.*(\.test\.ts$|\/testing\/)/.test(path));
    expect(stray).toEqual([]);
  });

  it('is publishable, and every package the shipped sources import is a dependency', () => {
    const manifest = JSON.parse(readFileSync(join(project, 'node_modules', 'wirecheck', 'package.json'), 'utf8')) as
      { private?: boolean; dependencies: Record<string, string> };
    expect(manifest.private).toBeUndefined();
    const shipped = packed.files.map((f) => join(ROOT, f.path)).filter((file) => /\.(ts|js|mjs)$/.test(file));
    const missing = [...importedPackages(shipped)].filter(([name]) => !(name in manifest.dependencies)).map(([name, file]) => `${name} (${file})`);
    expect(missing).toEqual([]);
  });
});

describe('installed with --omit=dev into an empty project', () => {
  const wirecheck = (args: readonly string[], env: Record<string, string> = {}, timeoutMs = 60_000): Promise<Exit> =>
    exec('npx', ['--no', '--', 'wirecheck', ...args], project, userEnv(env), timeoutMs);

  it('has no ../shared beside it', () => {
    expect(existsSync(join(project, 'node_modules', 'shared'))).toBe(false);
  });

  it('wirecheck --help', async () => {
    const help = await wirecheck(['--help']);
    expect(help.code, tail(help)).toBe(0);
    expect(help.stdout).toContain('wirecheck run <system>');
  });

  it('wirecheck list: every system\'s checks', async () => {
    const list = await wirecheck(['list']);
    expect(list.code, tail(list)).toBe(0);
    for (const id of ['WH-SIG-01', 'WS-STOP-01', 'RA-PACT-01', 'DS-EXT-01']) expect(list.stdout).toContain(id);
  });

  // --bundle: its manifest hashes the lockfile, which npm does not publish.
  it('wirecheck run all certifies every reference: exit 0, no check failed, reports and bundle under the working directory', async () => {
    const vendorHome = join(dir, 'vendor-home');
    const run = await wirecheck(['run', 'all', '--no-allure', '--bundle'], { VENDOR_HOME: vendorHome }, 900_000);
    console.info(`wirecheck run all (installed package): ${(run.ms / 1000).toFixed(1)} s`);
    const reports = join(project, 'reports');
    const runs = existsSync(reports) ? readdirSync(reports) : [];
    expect(runs, tail(run)).toHaveLength(1);
    expect(existsSync(join(project, 'node_modules', 'wirecheck', 'reports'))).toBe(false);
    const summary = JSON.parse(readFileSync(join(reports, runs[0]!, 'summary.json'), 'utf8')) as
      { systems: string[]; totals: Record<string, number>; checks: { id: string; outcome: string; reason?: string }[] };
    const bad = summary.checks.filter((c) => c.outcome === 'failed' || c.outcome === 'error').map((c) => `${c.id} ${c.outcome}: ${c.reason ?? ''}`);
    expect(bad, tail(run)).toEqual([]);
    expect(summary.totals['failed'] ?? 0).toBe(0);
    expect([...summary.systems].sort()).toEqual([...SYSTEMS].sort());
    expect(run.code, tail(run)).toBe(0);
    expect(existsSync(join(reports, runs[0]!, 'bundle.tar.gz'))).toBe(true);
  });
});
