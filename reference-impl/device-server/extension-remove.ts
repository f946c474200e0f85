// `driver|plugin uninstall` and `setup reset`. Files are removed only inside the home:
// a manifest pointing elsewhere never makes the CLI delete a directory it did not create.
import { existsSync, readdirSync, rmdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import type { ExtensionType } from './cli-args.ts';
import { CliError } from './cli-errors.ts';
import type { Environment } from './config.ts';
import { isInsideHome, resolveInsideHome } from './home-paths.ts';
import { setAsideLocalCopies } from './local-copies.ts';
import { deleteManifest, manifestPath, readManifest, writeManifest, type DriverRecord, type Manifest, type PluginRecord } from './manifest.ts';
import { runNpm } from './run-npm.ts';

async function removeFiles(env: Environment, manifest: Manifest, record: DriverRecord | PluginRecord): Promise<void> {
  // Stryker disable next-line ConditionalExpression,EqualityOperator,StringLiteral,BlockStatement: not shown: how the files of an extension installed from npm are removed (the Command line table names no install source; the checks install from a local package): → false, the 'npm' literal and the emptied block skip npm uninstall, whose only effect beyond the package directory (removed below either way) is the home's package.json entry; → true and !== also run it for a local copy, which removes that same directory and leaves a package.json and lock files in the home, whose layout is not shown (Extension: the home is generated state)
  if (record.installType === 'npm') {
    // npm uninstall would prune the copies installed with --source=local.
    const aside = setAsideLocalCopies(env.home, manifest);
    // Stryker disable next-line BlockStatement: not shown: how the files of an extension installed from npm are removed (the Command line table names no install source; the checks install from a local package); a skipped npm uninstall leaves only the home's package.json entry, the package directory is removed below either way
    try {
      // Stryker disable next-line ArrayDeclaration,StringLiteral,ObjectLiteral: not shown: how the files of an extension installed from npm are removed (the Command line table names no install source; the checks install from a local package); a failed npm uninstall is swallowed and the package directory is removed below either way ({} runs it in the working directory instead of the home)
      await runNpm(['uninstall', '--ignore-scripts', '--no-audit', '--no-fund', '--no-progress', record.pkgName], { cwd: env.home, env: env.processEnv });
    } catch {
      // fall through: the directory is removed below either way
    } finally {
      aside.putBack();
    }
  }
  // readManifest has refused a manifest pointing outside the home; proven again right before the deletion.
  const installPath = resolveInsideHome(env.home, record.installPath, 'delete');
  // Stryker disable next-line BooleanLiteral: equivalent, the package directory exists when it is removed (only an npm uninstall, for npm installs the checks never make, could remove it first)
  rmSync(installPath, { recursive: true, force: true });
  removeEmptyParents(env.home, path.dirname(installPath));
}

/** `node_modules/@scope` left empty by a removal goes too (never the home itself). */
// Stryker disable next-line BlockStatement: not shown: only empty directories stay in the home (node_modules/@wirecheck once the package directory is gone): they hold no extension, and the home's layout is the implementation's (Extension: the home is generated state)
function removeEmptyParents(home: string, dir: string): void {
  // Stryker disable next-line ConditionalExpression,BlockStatement: not shown: only empty directories stay in the home (node_modules/@wirecheck once the package directory is gone): they hold no extension, and the home's layout is the implementation's (Extension: the home is generated state)
  for (let current = dir; isInsideHome(home, current); current = path.dirname(current)) {
    // Stryker disable next-line BlockStatement: not shown: only empty directories stay in the home (node_modules/@wirecheck once the package directory is gone): they hold no extension, and the home's layout is the implementation's (Extension: the home is generated state)
    try {
      // Stryker disable next-line ConditionalExpression,EqualityOperator: not shown: only empty directories stay in the home (node_modules/@wirecheck once the package directory is gone): they hold no extension, and the home's layout is the implementation's (Extension: the home is generated state) (→ true, >= 0, <= 0); → false is equivalent: rmdirSync refuses a directory that is not empty and the catch returns
      if (readdirSync(current).length > 0) return;
      rmdirSync(current);
    }
    // Stryker disable next-line BlockStatement: unreachable through the contract: listing a directory of the walk, or removing one just listed empty, fails only if something else changes the home meanwhile; emptied, the walk goes on up to the home, which still holds the manifest and stops it
    catch {
      return;
    }
  }
}

// Stryker disable all: not shown: uninstall is not in the spec (the Command line table has no uninstall command; setup reset removes extensions through removeFiles)
export async function uninstallExtension(env: Environment, type: ExtensionType, name: string): Promise<void> {
  const manifest = readManifest(env.home);
  const section: Record<string, DriverRecord | PluginRecord> = type === 'driver' ? manifest.drivers : manifest.plugins;
  const record = Object.hasOwn(section, name) ? section[name] : undefined;
  if (!record) throw new CliError('VENDOR_ERR_EXTENSION', `Can't uninstall ${type} '${name}'; it is not installed in ${env.home}`);
  await removeFiles(env, manifest, record);
  delete section[name];
  writeManifest(env.home, manifest);
}

// Stryker restore all
/** Spec: "Setup reset command — every installed extension is removed." Returns the lines to print. */
export async function resetHome(env: Environment): Promise<string[]> {
  const manifest = readManifest(env.home);
  const keep = env.faults.has('setup-reset-keeps-extensions');
  // Stryker disable all: fault switch only, setup-reset-needs-manifest and setup-reset-leaves-files (keep is itself a fault switch); hides detected ones (the test → true fails every reset, killed by DS-CLI-10; || fails the reset of an empty home, killed by DS-CLI-14; keepFiles → true, killed by DS-CLI-15)
  if (env.faults.has('setup-reset-needs-manifest') && !existsSync(manifestPath(env.home))) {
    throw new CliError('VENDOR_ERR_EXTENSION', `no extension manifest at '${manifestPath(env.home)}': nothing to reset`);
  }
  const keepFiles = keep || env.faults.has('setup-reset-leaves-files');
  // Stryker restore all
  // Stryker disable next-line ArrayDeclaration: not shown: what setup reset prints (Command line: 'Removes every installed extension in the home' states the effect only; DS-CLI-10 judges it by the lists afterwards)
  const lines: string[] = [];
  for (const [type, section] of [['driver', manifest.drivers], ['plugin', manifest.plugins]] as const) {
    for (const [name, record] of Object.entries(section as Record<string, DriverRecord | PluginRecord>)) {
      // Stryker disable next-line ConditionalExpression: fault switch only, keepFiles is true only with setup-reset-keeps-extensions or setup-reset-leaves-files on; shares its line with a detected one (→ false, killed by DS-CLI-15)
      if (!keepFiles) await removeFiles(env, manifest, record);
      // Stryker disable next-line StringLiteral: not shown: what setup reset prints (Command line: 'Removes every installed extension in the home' states the effect only; DS-CLI-10 judges it by the lists afterwards)
      lines.push(`Successfully uninstalled ${type} '${name}'`);
    }
  }
  const removed = keep || deleteManifest(env.home);
  lines.push(
    // Stryker disable next-line StringLiteral: not shown: what setup reset prints (Command line: 'Removes every installed extension in the home' states the effect only; DS-CLI-10 judges it by the lists afterwards)
    removed ? `Successfully deleted the extension manifest at '${manifestPath(env.home)}'` : `No extension manifest at '${manifestPath(env.home)}'`,
  );
  // Stryker disable next-line ArithmeticOperator: not shown: what setup reset prints (Command line: 'Removes every installed extension in the home' states the effect only; DS-CLI-10 judges it by the lists afterwards)
  const count = lines.length - 1;
  // Stryker disable next-line StringLiteral,ConditionalExpression,EqualityOperator: not shown: what setup reset prints (Command line: 'Removes every installed extension in the home' states the effect only; DS-CLI-10 judges it by the lists afterwards)
  lines.push(`Setup reset: removed ${count} installed extension${count === 1 ? '' : 's'} from ${env.home}; none installed now.`);
  return lines;
}
