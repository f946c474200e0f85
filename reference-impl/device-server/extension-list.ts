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
  // Stryker disable next-line ObjectLiteral,BooleanLiteral: not shown: the form of a listing's entries (Command line: 'Lists installed drivers' states no form; DS-CLI-06 allows the driver found by name in --json or in the text); the entry is still keyed by the driver's name and --installed still lists installed ones only
  for (const [name, record] of Object.entries(installed)) data[name] = { ...record, installed: true };
  // Fault driver-list-omits-local-installs: drivers copied from a local path are left out.
  if (section === 'driver' && env.faults.has('driver-list-omits-local-installs')) {
    for (const [name, record] of Object.entries(installed)) if (record.installType === 'local') delete data[name];
  }
  // Stryker disable next-line ConditionalExpression,EqualityOperator,StringLiteral,BlockStatement: not shown: the listing without --installed (the Command line table has only `driver list --installed` and `plugin list --installed`); shares its line with a detected one (ConditionalExpression → true, killed by DS-CLI-09)
  if (!installedOnly && type === 'driver') {
    // Stryker disable next-line AssignmentOperator,ObjectLiteral,BooleanLiteral: not shown: the listing without --installed (the Command line table has only `driver list --installed` and `plugin list --installed`)
    for (const name of Object.keys(BUNDLED_DRIVERS)) data[name] ??= { installed: false };
  }
  return data;
}

/** Only npm installs can have updates (as in Appium); failures are reported per entry. */
export async function addUpdates(env: Environment, data: ListData): Promise<void> {
  // Stryker disable next-line MethodExpression,LogicalOperator: not shown: which installs are looked up beyond npm ones (Command line: 'with available updates' names none): without the filter, or with either || in place of &&, a local copy (and, without --installed, an available driver) is looked up too, which only adds a note to its line (a failed lookup, or the registry's version of that name); every npm install is still looked up
  const npmEntries = Object.values(data).filter((e) => e.installed && e.installType === 'npm' && e.pkgName);
  await Promise.all(
    npmEntries.map(async (entry) => {
      try {
        // Stryker disable next-line ObjectLiteral: equivalent, npm view asks the registry alone: the home holds no .npmrc that running there would read, processEnv is the CLI's own environment, and the 30 s limit only bounds a hung lookup (performance only)
        const { stdout } = await runNpm(['view', entry.pkgName!, 'version'], { cwd: env.home, env: env.processEnv, timeoutMs: 30_000 });
        const latest = stdout.trim();
        entry.upToDate = latest === entry.version;
        entry.updateVersion = entry.upToDate ? null : latest;
      }
      // Stryker disable next-line BlockStatement: not shown: what a listing shows when the registry cannot be asked (Command line: 'with available updates' names none; DS-CLI-09 requires only exit 0); emptied, the entry claims no update, as for one without a known update
      catch (error) {
        // Stryker disable next-line StringLiteral: operational record, the wording of the note on a failed update check
        entry.updateError = (error as Error).message.split('\n')[0];
      }
    }),
  );
}

// Stryker disable next-line BlockStatement: not shown: the form of the text listing (Command line: 'Lists installed drivers' states no form; DS-CLI-06 needs only the driver's name in it)
function installText(entry: ListEntry): string {
  // Stryker disable next-line ConditionalExpression,EqualityOperator,StringLiteral: not shown: the form of the text listing (Command line: 'Lists installed drivers' states no form; DS-CLI-06 needs only the driver's name in it)
  if (entry.installType === 'local') return `(copied from ${entry.installSpec})`;
  // Stryker disable next-line StringLiteral: not shown: the form of the text listing (Command line: 'Lists installed drivers' states no form; DS-CLI-06 needs only the driver's name in it)
  return '(npm)';
}

function updateText(entry: ListEntry): string {
  // Stryker disable next-line StringLiteral: operational record, the wording of the note on a failed update check
  if (entry.updateError) return ` [Cannot check for updates: ${entry.updateError}]`;
  if (entry.updateVersion) return ` [${entry.updateVersion} available]`;
  // Stryker disable next-line StringLiteral: not shown: the form of the text listing (Command line: 'Lists installed drivers' states no form; DS-CLI-06 needs only the driver's name in it); only the note on an entry without an available update changes
  return entry.upToDate ? ' [Up to date]' : '';
}

export function formatListText(data: ListData, showUpdates: boolean): string[] {
  return Object.entries(data).map(([name, entry]) =>
    entry.installed
      ? `- ${name}@${entry.version} [installed ${installText(entry)}]${
          // Stryker disable next-line StringLiteral: not shown: the form of the text listing (Command line: 'Lists installed drivers' states no form; DS-CLI-06 needs only the driver's name in it); without --updates only a suffix changes
          showUpdates ? updateText(entry) : ''
        }`
      : // Stryker disable next-line StringLiteral: not shown: the listing without --installed (the Command line table has only `driver list --installed` and `plugin list --installed`)
        `- ${name} [not installed]`,
  );
}
