// Spec, Insecure feature flags: `<scope>:<feature>`, the scope mandatory (a driver name
// or `*`); unscoped items are rejected. Like Appium 3 the scope also matches a driver's
// automationName, compared case-insensitively; the feature name is case-sensitive.
import { readFileSync, statSync } from 'node:fs';
import { CliError } from './cli-errors.ts';

export const ALL_DRIVERS = '*';
export const KNOWN_FEATURES = ['adb_shell', 'session_discovery'] as const;
export const SESSION_DISCOVERY = 'session_discovery';

export interface ScopedFeature {
  readonly scope: string;
  readonly feature: string;
}

function split(item: string, acceptEmptyFeature: boolean): ScopedFeature | undefined {
  const at = item.indexOf(':');
  if (at <= 0 || (at === item.length - 1 && !acceptEmptyFeature)) return undefined;
  return { scope: item.slice(0, at), feature: item.slice(at + 1) };
}

/**
 * Validates every item; `acceptUnscoped` (a fault) turns `adb_shell` into `*:adb_shell`,
 * `acceptEmptyFeature` (a fault) takes `simandroid:` as a feature with an empty name.
 * Throws VENDOR_ERR_INSECURE_FEATURE listing every bad item.
 */
export function parseInsecureFeatures(items: readonly string[], acceptUnscoped = false, acceptEmptyFeature = false): ScopedFeature[] {
  const parsed: ScopedFeature[] = [];
  const bad: string[] = [];
  for (const raw of items.map((i) => i.trim()).filter(Boolean)) {
    const feature = split(raw, acceptEmptyFeature) ?? (acceptUnscoped && !raw.includes(':') ? { scope: ALL_DRIVERS, feature: raw } : undefined);
    if (feature) parsed.push(feature);
    else bad.push(raw);
  }
  if (bad.length > 0) {
    const example = bad[0]!.replace(/^:|:$/g, '') || 'adb_shell';
    throw new CliError(
      'VENDOR_ERR_INSECURE_FEATURE',
      `unscoped insecure feature(s) refused: ${bad.map((b) => `'${b}'`).join(', ')}. ` +
        `Every --allow-insecure item must be <scope>:<feature>, the scope being a driver name or '*' ` +
        `for all drivers, e.g. --allow-insecure=simandroid:${example} or --allow-insecure='*:${example}'.`,
    );
  }
  return parsed;
}

function isRegularFile(item: string): boolean {
  try {
    return statSync(item).isFile();
  } catch {
    return false;
  }
}

/**
 * `--allow-insecure` values as Appium 3 reads them: a value naming a regular file is a
 * list file, one comma-separated list per line; any other value is a feature itself.
 */
export function expandFeatureFiles(values: readonly string[]): { direct: string[]; fromFiles: string[] } {
  const direct: string[] = [];
  const fromFiles: string[] = [];
  for (const value of values) {
    if (!isRegularFile(value)) {
      direct.push(value);
      continue;
    }
    let text: string;
    try {
      text = readFileSync(value, 'utf8');
    } catch (error) {
      throw new CliError('VENDOR_ERR_INSECURE_FEATURE', `cannot read the --allow-insecure list file ${value}: ${(error as Error).message}`);
    }
    fromFiles.push(...text.split(/\r?\n/).flatMap((line) => line.split(',')).map((item) => item.trim()).filter(Boolean));
  }
  return { direct, fromFiles };
}

export function formatFeature(f: ScopedFeature): string {
  return `${f.scope}:${f.feature}`;
}

/** Feature names that apply to one driver: scope `*`, its name or its automationName. */
export function featuresForDriver(
  features: readonly ScopedFeature[],
  driverName: string,
  automationName: string,
): string[] {
  const accepted = new Set([ALL_DRIVERS, driverName.toLowerCase(), automationName.toLowerCase()]);
  return [...new Set(features.filter((f) => accepted.has(f.scope.toLowerCase())).map((f) => f.feature))];
}

/** Server-wide features (session discovery) count only with the `*` scope, as in Appium 3. */
export function isGloballyEnabled(features: readonly ScopedFeature[], feature: string): boolean {
  return features.some((f) => f.scope === ALL_DRIVERS && f.feature === feature);
}

export function unknownFeatures(features: readonly ScopedFeature[]): ScopedFeature[] {
  return features.filter((f) => !(KNOWN_FEATURES as readonly string[]).includes(f.feature));
}
