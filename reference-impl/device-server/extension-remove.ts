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
  if (record.installType === 'npm') {
    // npm uninstall would prune the copies installed with --source=local.
    const aside = setAsideLocalCopies(env.home, manifest);
    try {
      await runNpm(['uninstall', '--ignore-scripts', '--no-audit', '--no-fund', '--no-progress', record.pkgName], { cwd: env.home, env: env.processEnv });
    } catch {
      // fall through: the directory is removed below either way
    } finally {
      aside.putBack();
    }
  }
  // readManifest has refused a manifest pointing outside the home; proven again right before the deletion.
  const installPath = resolveInsideHome(env.home, record.installPath, 'delete');
  rmSync(installPath, { recursive: true, force: true });
  removeEmptyParents(env.home, path.dirname(installPath));
}

/** `node_modules/@scope` left empty by a removal goes too (never the home itself). */
function removeEmptyParents(home: string, dir: string): void {
  for (let current = dir; isInsideHome(home, current); current = path.dirname(current)) {
    try {
      if (readdirSync(current).length > 0) return;
      rmdirSync(current);
    }
    catch {
      return;
    }
  }
}

export async function uninstallExtension(env: Environment, type: ExtensionType, name: string): Promise<void> {
  const manifest = readManifest(env.home);
  const section: Record<string, DriverRecord | PluginRecord> = type === 'driver' ? manifest.drivers : manifest.plugins;
  const record = Object.hasOwn(section, name) ? section[name] : undefined;
  if (!record) throw new CliError('VENDOR_ERR_EXTENSION', `Can't uninstall ${type} '${name}'; it is not installed in ${env.home}`);
  await removeFiles(env, manifest, record);
  delete section[name];
  writeManifest(env.home, manifest);
}

/** Spec: "Setup reset command — every installed extension is removed." Returns the lines to print. */
export async function resetHome(env: Environment): Promise<string[]> {
  const manifest = readManifest(env.home);
  const keep = env.faults.has('setup-reset-keeps-extensions');
  if (env.faults.has('setup-reset-needs-manifest') && !existsSync(manifestPath(env.home))) {
    throw new CliError('VENDOR_ERR_EXTENSION', `no extension manifest at '${manifestPath(env.home)}': nothing to reset`);
  }
  const keepFiles = keep || env.faults.has('setup-reset-leaves-files');
  const lines: string[] = [];
  for (const [type, section] of [['driver', manifest.drivers], ['plugin', manifest.plugins]] as const) {
    for (const [name, record] of Object.entries(section as Record<string, DriverRecord | PluginRecord>)) {
      if (!keepFiles) await removeFiles(env, manifest, record);
      lines.push(`Successfully uninstalled ${type} '${name}'`);
    }
  }
  const removed = keep || deleteManifest(env.home);
  lines.push(
    removed ? `Successfully deleted the extension manifest at '${manifestPath(env.home)}'` : `No extension manifest at '${manifestPath(env.home)}'`,
  );
  const count = lines.length - 1;
  lines.push(`Setup reset: removed ${count} installed extension${count === 1 ? '' : 's'} from ${env.home}; none installed now.`);
  return lines;
}
