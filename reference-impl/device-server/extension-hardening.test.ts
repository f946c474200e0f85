// A hostile package or manifest never makes the CLI touch anything outside the extension
// home (issue 17, finding 4): install names are validated, every path is proven to lie in
// the home before anything is written or deleted, a manifest pointing elsewhere is refused,
// npm runs no install scripts, and a failed npm install leaves the home as it was.
import { createHash } from 'node:crypto';
import { existsSync, lstatSync, mkdirSync, readdirSync, readFileSync, readlinkSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import YAML from 'yaml';
import { runCli, SIM_DRIVER_DIR, tempHome, type TempHome } from './testing/cli-runner.ts';

const homes: TempHome[] = [];
const home = () => {
  const h = tempHome();
  homes.push(h);
  return h;
};
afterEach(() => homes.splice(0).forEach((h) => h.cleanup()));

/** Every entry under `dir` with what it holds (file digest, link target), to compare whole trees. */
function snapshot(dir: string): string[] {
  if (!existsSync(dir)) return ['<absent>'];
  const out: string[] = [];
  const walk = (at: string) => {
    for (const name of readdirSync(at).sort()) {
      const full = path.join(at, name);
      const rel = path.relative(dir, full);
      const stat = lstatSync(full);
      if (stat.isSymbolicLink()) out.push(`${rel} -> ${readlinkSync(full)}`);
      else if (stat.isDirectory()) {
        out.push(`${rel}/`);
        walk(full);
      } else out.push(`${rel} ${createHash('sha256').update(readFileSync(full)).digest('hex').slice(0, 16)}`);
    }
  };
  walk(dir);
  return out;
}

/** A directory outside the home with a file in it, standing for the user's own files. */
function sentinel(h: TempHome, name: string): { dir: string; before: string[] } {
  const file = h.file(`${name}/keep-me.txt`, 'the user\'s own file\n');
  return { dir: path.dirname(file), before: snapshot(path.dirname(file)) };
}

function driverPackage(h: TempHome, dir: string, name: string, extra: Record<string, unknown> = {}): string {
  const pkg = {
    name, version: '1.0.0', type: 'module', main: './index.js',
    vendor: { driverName: 'hostile', automationName: 'Hostile', platformNames: ['Android'], mainClass: 'HostileDriver' },
    ...extra,
  };
  h.file(`${dir}/index.js`, 'export class HostileDriver {}\n');
  return path.dirname(h.file(`${dir}/package.json`, JSON.stringify(pkg)));
}

async function installSim(h: TempHome): Promise<void> {
  expect((await runCli(['driver', 'install', '--source=local', SIM_DRIVER_DIR], h.env)).code).toBe(0);
}

describe('driver install --source=local with a hostile package name', () => {
  it.each([
    ['../../victim'],
    ['../victim'],
    ['@scope/../../../victim'],
    ['a/../../../victim'],
  ])('refuses name %j and touches nothing outside the home', async (name) => {
    const h = home();
    await installSim(h);
    const victim = sentinel(h, 'victim');
    const homeBefore = snapshot(h.dir);
    const result = await runCli(['driver', 'install', '--source=local', driverPackage(h, 'pkg', name)], h.env);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('is not a valid npm package name');
    expect(snapshot(victim.dir)).toEqual(victim.before);
    expect(snapshot(h.dir)).toEqual(homeBefore);
  });

  it.each([['/tmp/absolute-victim'], ['..\\..\\victim'], ['UPPER/../x'], ['']])('refuses name %j', async (name) => {
    const h = home();
    const result = await runCli(['driver', 'install', '--source=local', driverPackage(h, 'pkg', name)], h.env);
    expect(result.code).toBe(1);
    expect(existsSync(path.join(h.dir, 'node_modules'))).toBe(false);
  });

  it('refuses to copy through a node_modules that is a link out of the home', async () => {
    const h = home();
    const victim = sentinel(h, 'victim');
    mkdirSync(h.dir, { recursive: true });
    symlinkSync(victim.dir, path.join(h.dir, 'node_modules'));
    const result = await runCli(['driver', 'install', '--source=local', driverPackage(h, 'pkg', 'hostile-driver')], h.env);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('outside the extension home');
    expect(snapshot(victim.dir)).toEqual(victim.before);
  });
});

describe('a manifest whose installPath lies outside the home', () => {
  function plantManifest(h: TempHome, installPath: string): void {
    mkdirSync(h.dir, { recursive: true });
    writeFileSync(path.join(h.dir, 'extensions.yaml'), YAML.stringify({
      drivers: {
        hostile: {
          pkgName: 'hostile-driver', version: '1.0.0', installType: 'local', installSpec: installPath, installPath,
          automationName: 'Hostile', platformNames: ['Android'], mainClass: 'HostileDriver',
        },
      },
      plugins: {},
      schemaRev: 1,
    }));
  }

  it.each([['setup', 'reset'], ['driver', 'uninstall', 'hostile']])('is refused by `%s %s` with a clear error, deleting nothing', async (...argv) => {
    const h = home();
    const victim = sentinel(h, 'victim');
    plantManifest(h, victim.dir);
    const homeBefore = snapshot(h.dir);
    const result = await runCli(argv, h.env);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('outside the extension home');
    expect(result.stderr).toContain(victim.dir);
    expect(snapshot(victim.dir)).toEqual(victim.before);
    expect(snapshot(h.dir)).toEqual(homeBefore);
  });

  it('is refused when the recorded path is inside the home only through a link', async () => {
    const h = home();
    const victim = sentinel(h, 'victim');
    mkdirSync(path.join(h.dir, 'node_modules'), { recursive: true });
    const linked = path.join(h.dir, 'node_modules', 'hostile-driver');
    symlinkSync(victim.dir, linked);
    plantManifest(h, linked);
    const result = await runCli(['setup', 'reset'], h.env);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('outside the extension home');
    expect(snapshot(victim.dir)).toEqual(victim.before);
  });

  it('is refused by driver list too, so no command acts on it', async () => {
    const h = home();
    const victim = sentinel(h, 'victim');
    plantManifest(h, victim.dir);
    const result = await runCli(['driver', 'list', '--installed'], h.env);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('outside the extension home');
  });
});

describe('driver install --source=npm', () => {
  it('runs no install script, and a package that is no driver leaves the home as it was', async () => {
    const h = home();
    await installSim(h);
    const marker = path.join(path.dirname(h.dir), 'postinstall-ran');
    const pkg = driverPackage(h, 'scripted', 'scripted-pkg', {
      vendor: undefined,
      scripts: { postinstall: `node -e "require('fs').writeFileSync('${marker}', 'ran')"` },
    });
    const homeBefore = snapshot(h.dir);
    const result = await runCli(['driver', 'install', '--source=npm', pkg], h.env);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('"vendor" field is missing');
    expect(existsSync(marker)).toBe(false);
    expect(snapshot(h.dir)).toEqual(homeBefore);
  }, 60_000);

  it('a failing npm install leaves a fresh home absent, as it was', async () => {
    const h = home();
    const pkg = driverPackage(h, 'broken', 'broken-pkg', { dependencies: { 'missing-dep': 'file:./no-such-dir' } });
    const result = await runCli(['driver', 'install', '--source=npm', pkg], h.env);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('Encountered an error when installing package');
    expect(snapshot(h.dir)).toEqual(['<absent>']);
  }, 60_000);

  it('installs a valid local package with npm, scripts not run, beside a local copy npm would prune, and uninstalls it', async () => {
    const h = home();
    await installSim(h);
    const simCopy = path.join(h.dir, 'node_modules', '@wirecheck', 'sim-android-driver');
    const simBefore = snapshot(simCopy);
    const marker = path.join(path.dirname(h.dir), 'postinstall-ran');
    const pkg = driverPackage(h, 'good', 'good-driver', { scripts: { postinstall: `node -e "require('fs').writeFileSync('${marker}', 'ran')"` } });
    const installed = await runCli(['driver', 'install', '--source=npm', pkg], h.env);
    expect(installed.stderr).toBe('');
    expect(installed.code).toBe(0);
    expect(existsSync(marker)).toBe(false);
    expect(existsSync(path.join(h.dir, 'node_modules', 'good-driver', 'package.json'))).toBe(true);
    expect(snapshot(simCopy)).toEqual(simBefore);
    expect((await runCli(['driver', 'uninstall', 'hostile'], h.env)).code).toBe(0);
    expect(existsSync(path.join(h.dir, 'node_modules', 'good-driver'))).toBe(false);
    expect(snapshot(simCopy)).toEqual(simBefore);
    expect(Object.keys(JSON.parse((await runCli(['driver', 'list', '--installed', '--json'], h.env)).stdout))).toEqual(['simandroid']);
  }, 60_000);
});
