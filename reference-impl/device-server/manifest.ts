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

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const isStringArray = (v: unknown): v is string[] => Array.isArray(v) && v.every((s) => typeof s === 'string');

function problemsOf(kind: 'drivers' | 'plugins', name: string, record: unknown): string[] {
  if (name === '__proto__') return [`${kind} must not hold an entry named __proto__`];
  if (!isObject(record)) return [`${kind}.${name} must be a mapping`];
  const strings = ['pkgName', 'version', 'installType', 'installSpec', 'installPath', 'mainClass'];
  if (kind === 'drivers') strings.push('automationName');
  const missing = strings.filter((k) => typeof record[k] !== 'string');
  const problems = missing.map((k) => `${kind}.${name}.${k} must be a string`);
  if (kind === 'drivers' && !isStringArray(record['platformNames'])) {
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
  catch (error) {
    throw new CliError('VENDOR_ERR_EXTENSION', `the manifest ${source} is not valid YAML: ${(error as Error).message}`);
  }
  const problems: string[] = [];
  if (!isObject(document)) problems.push('the document must be a mapping');
  const doc = isObject(document) ? document : {};
  const manifest = emptyManifest();
  for (const kind of ['drivers', 'plugins'] as const) {
    const section = doc[kind] ?? {};
    if (!isObject(section)) {
      problems.push(`${kind} must be a mapping`);
      continue;
    }
    for (const [name, record] of Object.entries(section)) {
      const found = problemsOf(kind, name, record);
      problems.push(...found);
      if (found.length === 0) (manifest[kind] as Record<string, unknown>)[name] = record;
    }
  }
  if (problems.length > 0) {
    throw new CliError(
      'VENDOR_ERR_EXTENSION',
      `the manifest ${source} is corrupt:\n${problems.map((p) => `  - ${p}`).join('\n')}\n` +
        'Fix it, or run "setup reset" to start from an empty home.',
    );
  }
  return manifest;
}

export function readManifest(home: string): Manifest {
  const file = manifestPath(home);
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return emptyManifest();
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
    return true;
  }
  catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false;
    throw error;
  }
}
