// Reading an extension package: its package.json must carry `name`, `version` and a
// `vendor` field (the counterpart of Appium's `appium` field): for a driver
// `driverName`, `automationName`, `platformNames`, `mainClass` and optionally
// `doctor.checks`; for a plugin `pluginName` and `mainClass`.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { ExtensionType } from './cli-args.ts';
import { CliError } from './cli-errors.ts';
import type { DriverMetadata, PluginMetadata } from './manifest.ts';

export interface PackageInfo<M> {
  extName: string;
  pkgName: string;
  version: string;
  metadata: M;
}

// Stryker disable next-line ConditionalExpression,LogicalOperator: not shown: what install does with a package that is no valid driver package (the spec gives no package format; Command line: driver install <name> installs a driver); only a package.json, vendor or doctor field that is null, an array or no object gets further; shares its line with a detected one (ConditionalExpression → false, killed by DS-CLI-06)
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
// Stryker disable next-line Regex: not shown: the form of a driver or plugin name (the spec gives none); the unanchored forms accept more names, "simandroid" passes either way; shares its line with detected ones (the three Regex mutants that refuse "simandroid", killed by DS-BASE-02)
const NAME = /^[a-z0-9][a-z0-9._-]*$/i;

export function readPackageJson(dir: string): Record<string, unknown> {
  const file = path.join(dir, 'package.json');
  let parsed: unknown;
  try {
    // Stryker disable next-line StringLiteral: equivalent, without an encoding readFileSync returns a Buffer, which JSON.parse reads as the same UTF-8 text
    parsed = JSON.parse(readFileSync(file, 'utf8'));
  }
  // Stryker disable next-line BlockStatement: not shown: a package directory without a readable package.json (Errors name no such failure); emptied, the install is still refused by the JSON-object test below with exit 1, only the message differs
  catch (error) {
    // Stryker disable next-line StringLiteral: operational record: the wording of the refusal of an unreadable package.json; the command still exits 1 (Errors: status codes and error bodies not shown; the checks judge failures by exit status); the error code is never printed
    throw new CliError('VENDOR_ERR_EXTENSION', `cannot read ${file}: ${(error as Error).message}`);
  }
  // Stryker disable next-line ConditionalExpression,StringLiteral: not shown: what install does with a package that is no valid driver package (the spec gives no package format; Command line: driver install <name> installs a driver); the message's wording is an operational record and the error code is never printed; shares its line with a detected one (ConditionalExpression → true, killed by DS-BASE-02)
  if (!isObject(parsed)) throw new CliError('VENDOR_ERR_EXTENSION', `${file} must hold a JSON object`);
  return parsed;
}

function driverMetadata(meta: Record<string, unknown>, problems: string[]): DriverMetadata {
  const { automationName, platformNames, mainClass, doctor } = meta;
  // Stryker disable next-line ConditionalExpression,LogicalOperator,StringLiteral: not shown: what install does with a package that is no valid driver package (the spec gives no package format; Command line: driver install <name> installs a driver); only a missing or empty automationName gets further; the message's wording is an operational record; shares its line with detected ones (ConditionalExpression → true, the 'string' literal, killed by DS-BASE-02)
  if (typeof automationName !== 'string' || automationName === '') problems.push('vendor.automationName must be a non-empty string');
  // Stryker disable next-line ConditionalExpression,LogicalOperator,MethodExpression,BlockStatement: not shown: what install does with a package that is no valid driver package (the spec gives no package format; Command line: driver install <name> installs a driver); only missing, empty or non-string platformNames get further; shares its line with detected ones (ConditionalExpression → true of the test and → false of the item test, killed by DS-BASE-02)
  if (!Array.isArray(platformNames) || platformNames.length === 0 || !platformNames.every((p) => typeof p === 'string')) {
    // Stryker disable next-line StringLiteral: operational record: the wording of the refusal of an invalid package; the command still exits 1 (Errors: status codes and error bodies not shown; the checks judge failures by exit status)
    problems.push('vendor.platformNames must be a non-empty array of strings');
  }
  const checks = isObject(doctor) ? doctor['checks'] : undefined;
  // Stryker disable next-line ConditionalExpression,EqualityOperator,LogicalOperator,MethodExpression,BlockStatement: not shown: what install does with a package that is no valid driver package (the spec gives no package format; Command line: driver install <name> installs a driver); only an ill-formed doctor field, or (=== undefined, → true of its first operand) a package without one, differs: the checked package declares doctor checks; shares its line with detected ones (ConditionalExpression → true of the whole test and → false of the inner tests, EqualityOperator typeof c !== 'string', LogicalOperator ||, killed by DS-BASE-02)
  if (doctor !== undefined && !(Array.isArray(checks) && checks.every((c) => typeof c === 'string'))) {
    // Stryker disable next-line StringLiteral: operational record: the wording of the refusal of an invalid package; the command still exits 1 (Errors: status codes and error bodies not shown; the checks judge failures by exit status)
    problems.push('vendor.doctor must be {"checks": ["./path/to/check.ts", ...]}');
  }
  const result: DriverMetadata = {
    automationName: String(automationName),
    // Stryker disable next-line ArrayDeclaration: equivalent, the fallback is unreachable: a nullish platformNames records a problem, and readExtensionPackage throws before the record is used
    platformNames: (platformNames as string[]) ?? [],
    mainClass: String(mainClass),
  };
  // Stryker disable next-line ConditionalExpression,ArrayDeclaration: not shown: a driver package without doctor checks (the checked one declares three): → true records doctor {checks: []} for it, which driver doctor reads like none (record.doctor?.checks ?? []); the [] fallback is equivalent, unreachable (a doctor field without a checks array records a problem and the package is refused); shares its line with a detected one (ConditionalExpression → false, which records no doctor checks so that doctor exits 0 on every machine: killed by DS-CLI-16, SHOULD)
  if (doctor !== undefined) result.doctor = { checks: (checks as string[]) ?? [] };
  return result;
}

export function readExtensionPackage(
  type: ExtensionType,
  dir: string,
): PackageInfo<DriverMetadata> | PackageInfo<PluginMetadata> {
  const pkg = readPackageJson(dir);
  const problems: string[] = [];
  const { name, version, vendor } = pkg;
  // Stryker disable next-line ConditionalExpression,LogicalOperator,StringLiteral: not shown: what install does with a package that is no valid driver package (the spec gives no package format; Command line: driver install <name> installs a driver); only a missing or empty name gets further; the message's wording is an operational record; shares its line with detected ones (ConditionalExpression → true, the 'string' literal, killed by DS-BASE-02)
  if (typeof name !== 'string' || name === '') problems.push('name must be a non-empty string');
  // Stryker disable next-line ConditionalExpression,LogicalOperator,StringLiteral: not shown: what install does with a package that is no valid driver package (the spec gives no package format; Command line: driver install <name> installs a driver); only a missing or empty version gets further; the message's wording is an operational record; shares its line with detected ones (ConditionalExpression → true, the 'string' literal, killed by DS-BASE-02)
  if (typeof version !== 'string' || version === '') problems.push('version must be a non-empty string');
  const meta = isObject(vendor) ? vendor : {};
  // Stryker disable next-line ConditionalExpression,StringLiteral: not shown: what install does with a package that is no valid driver package (the spec gives no package format; Command line: driver install <name> installs a driver); the message's wording is an operational record; shares its line with a detected one (ConditionalExpression → true, killed by DS-BASE-02)
  if (!isObject(vendor)) problems.push('the "vendor" field is missing: a driver or plugin declares itself there');
  // Stryker disable next-line ConditionalExpression,StringLiteral: not shown: plugin install is not in the spec (Command line lists plugins with plugin list only); → true and 'pluginName' change only a plugin package; shares its line with detected ones (ConditionalExpression → false, the 'driver' and 'driverName' literals, killed by DS-BASE-02)
  const nameKey = type === 'driver' ? 'driverName' : 'pluginName';
  const extName = meta[nameKey];
  // Stryker disable next-line ConditionalExpression,LogicalOperator: not shown: what install does with a package that is no valid driver package (the spec gives no package format; Command line: driver install <name> installs a driver); only a missing or ill-formed name gets further; shares its line with a detected one (ConditionalExpression → true, killed by DS-BASE-02)
  if (typeof extName !== 'string' || !NAME.test(extName))
    // Stryker disable next-line StringLiteral: operational record: the wording of the refusal of an invalid package; the command still exits 1 (Errors: status codes and error bodies not shown; the checks judge failures by exit status)
    problems.push(`vendor.${nameKey} must be a name like "simandroid"`);
  // Stryker disable next-line ConditionalExpression,LogicalOperator,StringLiteral: not shown: what install does with a package that is no valid driver package (the spec gives no package format; Command line: driver install <name> installs a driver); only a missing or empty mainClass gets further; the message's wording is an operational record; shares its line with detected ones (ConditionalExpression → true, the first 'mainClass' and the 'string' literals, killed by DS-BASE-02)
  if (typeof meta['mainClass'] !== 'string' || meta['mainClass'] === '') problems.push('vendor.mainClass must be a non-empty string');
  // Stryker disable next-line ConditionalExpression,ObjectLiteral,StringLiteral: not shown: plugin install is not in the spec (Command line lists plugins with plugin list only); → true and the plugin branch change only a plugin package; shares its line with detected ones (ConditionalExpression → false, the 'driver' literal, killed by DS-BASE-02)
  const metadata = type === 'driver' ? driverMetadata(meta, problems) : { mainClass: String(meta['mainClass']) };
  // Stryker disable next-line ConditionalExpression,BlockStatement: not shown: what install does with a package that is no valid driver package (the spec gives no package format; Command line: driver install <name> installs a driver); → false and the emptied block let only an invalid package through; shares its line with a detected one (ConditionalExpression → true, killed by DS-BASE-02)
  if (problems.length > 0) {
    throw new CliError(
      // Stryker disable next-line StringLiteral: equivalent, the error code is never printed and the command exits 1 either way
      'VENDOR_ERR_EXTENSION',
      // Stryker disable next-line StringLiteral,ArrowFunction: operational record: the wording of the refusal of an invalid package; the command still exits 1 (Errors: status codes and error bodies not shown; the checks judge failures by exit status)
      `${path.join(dir, 'package.json')} is not a valid ${type} package:\n${problems.map((p) => `  - ${p}`).join('\n')}`,
    );
  }
  return { extName: extName as string, pkgName: name as string, version: version as string, metadata };
}
