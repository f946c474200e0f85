// `driver|plugin uninstall` and `setup reset`. Files are removed only inside the home:
// a manifest pointing elsewhere never makes the CLI delete a directory it did not create.
import { readdirSync, rmdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import type { ExtensionType } from './cli-args.ts';
import { CliError } from './cli-errors.ts';
import type { Environment } from './config.ts';
import { deleteManifest, manifestPath, readManifest, writeManifest, type DriverRecord, type PluginRecord } from './manifest.ts';
import { runNpm } from './run-npm.ts';

function isInside(home: string, target: string): boolean {
  const relative = path.relative(home, target);
  return relative !== '' && !relative.startsWith('..') && !path.isAbsolute(relative);
}

async function removeFiles(env: Environment, record: DriverRecord | PluginRecord): Promise<void> {
  if (record.installType === 'npm') {
    try {
      await runNpm(['uninstall', '--no-audit', '--no-fund', '--no-progress', record.pkgName], { cwd: env.home, env: env.processEnv });
    } catch {
      // fall through: the directory is removed below either way
    }
  }
  if (!isInside(env.home, record.installPath)) return;
  rmSync(record.installPath, { recursive: true, force: true });
  removeEmptyParents(env.home, path.dirname(record.installPath));
}

/** `node_modules/@scope` left empty by a removal goes too (never the home itself). */
function removeEmptyParents(home: string, dir: string): void {
  for (let current = dir; isInside(home, current); current = path.dirname(current)) {
    try {
      if (readdirSync(current).length > 0) return;
      rmdirSync(current);
    } catch {
      return;
    }
  }
}

export async function uninstallExtension(env: Environment, type: ExtensionType, name: string): Promise<void> {
  const manifest = readManifest(env.home);
  const section: Record<string, DriverRecord | PluginRecord> = type === 'driver' ? manifest.drivers : manifest.plugins;
  const record = Object.hasOwn(section, name) ? section[name] : undefined;
  if (!record) throw new CliError('VENDOR_ERR_EXTENSION', `Can't uninstall ${type} '${name}'; it is not installed in ${env.home}`);
  await removeFiles(env, record);
  delete section[name];
  writeManifest(env.home, manifest);
}

/** Spec: "Setup reset command — every installed extension is removed." Returns the lines to print. */
export async function resetHome(env: Environment): Promise<string[]> {
  const manifest = readManifest(env.home);
  const keep = env.faults.has('setup-reset-keeps-extensions');
  const lines: string[] = [];
  for (const [type, section] of [['driver', manifest.drivers], ['plugin', manifest.plugins]] as const) {
    for (const [name, record] of Object.entries(section as Record<string, DriverRecord | PluginRecord>)) {
      if (!keep) await removeFiles(env, record);
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
