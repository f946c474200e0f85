// `driver|plugin list [--installed] [--updates] [--json]`, in Appium 3's shapes: JSON is
// an object keyed by extension name holding the manifest record plus `installed: true`
// (and `updateVersion`/`upToDate`/`updateError` with --updates); text is one line per
// extension, `- simandroid@1.0.0 [installed (copied from /path)]`.
import type { ExtensionType } from './cli-args.ts';
import type { Environment } from './config.ts';
import { BUNDLED_DRIVERS } from './extension-install.ts';
import { readManifest, type DriverRecord, type PluginRecord } from './manifest.ts';
import { runNpm } from './run-npm.ts';

export interface ListEntry extends Partial<DriverRecord & PluginRecord> {
  installed: boolean;
  updateVersion?: string | null;
  upToDate?: boolean;
  updateError?: string;
}

export type ListData = Record<string, ListEntry>;

export function buildListData(env: Environment, type: ExtensionType, installedOnly: boolean): ListData {
  const manifest = readManifest(env.home);
  // Fault plugin-list-shows-drivers: the plugin listing reads the drivers' section.
  const section = env.faults.has('plugin-list-shows-drivers') ? 'driver' : type;
  const installed: Record<string, DriverRecord | PluginRecord> = section === 'driver' ? manifest.drivers : manifest.plugins;
  const data: ListData = {};
  for (const [name, record] of Object.entries(installed)) data[name] = { ...record, installed: true };
  // Fault driver-list-omits-local-installs: drivers copied from a local path are left out.
  if (section === 'driver' && env.faults.has('driver-list-omits-local-installs')) {
    for (const [name, record] of Object.entries(installed)) if (record.installType === 'local') delete data[name];
  }
  if (!installedOnly && type === 'driver') {
    for (const name of Object.keys(BUNDLED_DRIVERS)) data[name] ??= { installed: false };
  }
  return data;
}

/** Only npm installs can have updates (as in Appium); failures are reported per entry. */
export async function addUpdates(env: Environment, data: ListData): Promise<void> {
  const npmEntries = Object.values(data).filter((e) => e.installed && e.installType === 'npm' && e.pkgName);
  await Promise.all(
    npmEntries.map(async (entry) => {
      try {
        const { stdout } = await runNpm(['view', entry.pkgName!, 'version'], { cwd: env.home, env: env.processEnv, timeoutMs: 30_000 });
        const latest = stdout.trim();
        entry.upToDate = latest === entry.version;
        entry.updateVersion = entry.upToDate ? null : latest;
      }
      catch (error) {
        entry.updateError = (error as Error).message.split('\n')[0];
      }
    }),
  );
}

function installText(entry: ListEntry): string {
  if (entry.installType === 'local') return `(copied from ${entry.installSpec})`;
  return '(npm)';
}

function updateText(entry: ListEntry): string {
  if (entry.updateError) return ` [Cannot check for updates: ${entry.updateError}]`;
  if (entry.updateVersion) return ` [${entry.updateVersion} available]`;
  return entry.upToDate ? ' [Up to date]' : '';
}

export function formatListText(data: ListData, showUpdates: boolean): string[] {
  return Object.entries(data).map(([name, entry]) =>
    entry.installed
      ? `- ${name}@${entry.version} [installed ${installText(entry)}]${
          showUpdates ? updateText(entry) : ''
        }`
      :
        `- ${name} [not installed]`,
  );
}
