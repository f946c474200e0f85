// `driver install` / `plugin install`: a local package directory is copied into
// `<home>/node_modules/<package name>` (Appium links it instead; a copy keeps the home
// self-contained, so the server loads only what is in the home); an npm spec is
// installed with `npm install` into the home. Then the manifest records it.
import { cpSync, existsSync, mkdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ExtensionType, InstallSource } from './cli-args.ts';
import { CliError } from './cli-errors.ts';
import type { Environment } from './config.ts';
import { readExtensionPackage, readPackageJson } from './extension-package.ts';
import { assertPackageName, resolveInsideHome } from './home-paths.ts';
import { snapshotHome } from './home-rollback.ts';
import { setAsideLocalCopies } from './local-copies.ts';
import { readManifest, writeManifest, type DriverRecord, type InstallType, type Manifest, type PluginRecord } from './manifest.ts';
import { runNpm } from './run-npm.ts';

/** Drivers installable by name (`driver install simandroid`): the packages shipped in this repo. */
export const BUNDLED_DRIVERS: Readonly<Record<string, string>> = {
  simandroid: fileURLToPath(new URL('./drivers/sim-android', import.meta.url)),
};

export interface Installed {
  extName: string;
  record: DriverRecord | PluginRecord;
}

const extError = (message: string) => new CliError('VENDOR_ERR_EXTENSION', message);
const COPY_SKIP = new Set(['node_modules', '.git']);

/** `<home>/node_modules/<name>`, once the name is an npm name and the path is proven to lie in the home. */
export function packageDir(home: string, pkgName: string, where: string): string {
  const name = assertPackageName(pkgName, where);
  return resolveInsideHome(home, path.join('node_modules', ...name.split('/')), 'install into');
}

function copyPackage(from: string, to: string): void {
  rmSync(to, {
    recursive: true,
    force: true,
  });
  mkdirSync(path.dirname(to), { recursive: true });
  cpSync(from, to, {
    recursive: true,
    filter: (source) => !COPY_SKIP.has(path.basename(source)) && !source.endsWith('.test.ts'),
  });
}

/** `@scope/name@1.2.3` → `@scope/name`; a directory spec → its package.json name. */
export function npmPackageName(spec: string): string {
  if (existsSync(spec) && statSync(spec).isDirectory()) return String(readPackageJson(spec)['name']);
  const at = spec.indexOf('@', spec.startsWith('@') ? 1 : 0);
  return at > 0 ? spec.slice(0, at) : spec;
}

function assertInstallable(manifest: Manifest, type: ExtensionType, installed: Installed): void {
  const section = type === 'driver' ? manifest.drivers : manifest.plugins;
  if (Object.hasOwn(section, installed.extName)) {
    throw extError(
      `A ${type} named "${installed.extName}" is already installed. See installed ${type}s with ` +
        `"${type} list --installed"; remove it first with "${type} uninstall ${installed.extName}".`,
    );
  }
  if (type !== 'driver') return;
  const automationName = (installed.record as DriverRecord).automationName.toLowerCase();
  const clash = Object.entries(manifest.drivers).find(([, d]) => d.automationName.toLowerCase() === automationName);
  if (clash) throw extError(`the driver "${clash[0]}" already claims automationName '${clash[1].automationName}'`);
}

function toInstalled(type: ExtensionType, dir: string, installType: InstallType, installSpec: string, installPath: string): Installed {
  const pkg = readExtensionPackage(type, dir);
  return {
    extName: pkg.extName,
    record: { pkgName: pkg.pkgName, version: pkg.version, installType, installSpec, installPath, ...pkg.metadata },
  };
}

const devDependencies = (home: string): string[] => {
  const file = path.join(home, 'package.json');
  if (!existsSync(file)) return [];
  const deps = readPackageJson(home)['devDependencies'];
  return typeof deps === 'object' && deps !== null ? Object.keys(deps) : [];
};

/**
 * npm runs with --ignore-scripts: an extension is code the server loads later, never
 * something that runs while it is installed. The installed name is the one npm added to
 * the home's package.json (a tarball or folder spec names no package), else the spec's.
 */
async function installFromNpm(env: Environment, type: ExtensionType, spec: string): Promise<Installed> {
  if (spec.startsWith('-')) throw extError(`'${spec}' is no package spec: a spec never starts with '-'`);
  mkdirSync(env.home, { recursive: true });
  const homePackage = path.join(env.home, 'package.json');
  if (!existsSync(homePackage)) writeFileSync(homePackage, '{}\n');
  const before = new Set(devDependencies(env.home));
  try {
    await runNpm(['install', '--save-dev', '--ignore-scripts', '--no-audit', '--no-fund', '--no-progress', '--omit=peer', '--install-links', spec], {
      cwd: env.home,
      env: env.processEnv,
    });
  } catch (error) {
    throw extError(`Encountered an error when installing package '${spec}': ${(error as Error).message}`);
  }
  const added = devDependencies(env.home).filter((name) => !before.has(name));
  const pkgName = added.length === 1 ? added[0]! : npmPackageName(spec);
  const installPath = packageDir(env.home, pkgName, `the package npm installed from '${spec}'`);
  if (!existsSync(installPath)) throw extError(`npm reported success for '${spec}', but ${installPath} does not exist`);
  return toInstalled(type, installPath, 'npm', spec, installPath);
}

function resolveLocal(type: ExtensionType, source: InstallSource | undefined, spec: string): { dir: string; installSpec: string } {
  if (source === 'local') return { dir: path.resolve(spec), installSpec: path.resolve(spec) };
  const bundled = type === 'driver' && Object.hasOwn(BUNDLED_DRIVERS, spec) ? BUNDLED_DRIVERS[spec] : undefined;
  if (bundled) return { dir: bundled, installSpec: spec };
  throw extError(
    `Could not resolve ${type} '${spec}'; known ${type}s: ${JSON.stringify(type === 'driver' ? Object.keys(BUNDLED_DRIVERS) : [])}. ` +
      `Install a package directory with --source=local <path>, or an npm package with --source=npm <package>.`,
  );
}

export async function installExtension(
  env: Environment,
  type: ExtensionType,
  source: InstallSource | undefined,
  spec: string,
): Promise<Installed> {
  const manifest = readManifest(env.home);
  let installed: Installed;
  if (source === 'npm') {
    // Whatever fails from here on (npm itself, a package that is no extension, a clash), the home goes back as it was.
    const snapshot = snapshotHome(env.home);
    const aside = setAsideLocalCopies(env.home, manifest);
    try {
      installed = await installFromNpm(env, type, spec);
      aside.putBack();
      assertInstallable(manifest, type, installed);
    } catch (error) {
      aside.putBack();
      snapshot.restore();
      throw error;
    }
  } else {
    const { dir, installSpec } = resolveLocal(type, source, spec);
    if (!existsSync(dir) || !statSync(dir).isDirectory()) throw extError(`'${dir}' is not a directory holding a ${type} package`);
    if (!path.relative(dir, env.home).startsWith('..')) throw extError(`cannot install '${dir}': the extension home ${env.home} lies inside it`);
    const probe = toInstalled(type, dir, 'local', installSpec, '');
    assertInstallable(manifest, type, probe);
    const installPath = packageDir(env.home, probe.record.pkgName, `the "name" of ${path.join(dir, 'package.json')}`);
    copyPackage(dir, installPath);
    installed = { ...probe, record: { ...probe.record, installPath } };
  }
  assertInstallable(manifest, type, installed);
  if (type === 'driver') manifest.drivers[installed.extName] = installed.record as DriverRecord;
  else manifest.plugins[installed.extName] = installed.record as PluginRecord;
  if (!env.faults.has('driver-install-not-recorded')) writeManifest(env.home, manifest);
  return installed;
}
