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

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const NAME = /^[a-z0-9][a-z0-9._-]*$/i;

export function readPackageJson(dir: string): Record<string, unknown> {
  const file = path.join(dir, 'package.json');
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(file, 'utf8'));
  }
  catch (error) {
    throw new CliError('VENDOR_ERR_EXTENSION', `cannot read ${file}: ${(error as Error).message}`);
  }
  if (!isObject(parsed)) throw new CliError('VENDOR_ERR_EXTENSION', `${file} must hold a JSON object`);
  return parsed;
}

function driverMetadata(meta: Record<string, unknown>, problems: string[]): DriverMetadata {
  const { automationName, platformNames, mainClass, doctor } = meta;
  if (typeof automationName !== 'string' || automationName === '') problems.push('vendor.automationName must be a non-empty string');
  if (!Array.isArray(platformNames) || platformNames.length === 0 || !platformNames.every((p) => typeof p === 'string')) {
    problems.push('vendor.platformNames must be a non-empty array of strings');
  }
  const checks = isObject(doctor) ? doctor['checks'] : undefined;
  if (doctor !== undefined && !(Array.isArray(checks) && checks.every((c) => typeof c === 'string'))) {
    problems.push('vendor.doctor must be {"checks": ["./path/to/check.ts", ...]}');
  }
  const result: DriverMetadata = {
    automationName: String(automationName),
    platformNames: (platformNames as string[]) ?? [],
    mainClass: String(mainClass),
  };
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
  if (typeof name !== 'string' || name === '') problems.push('name must be a non-empty string');
  if (typeof version !== 'string' || version === '') problems.push('version must be a non-empty string');
  const meta = isObject(vendor) ? vendor : {};
  if (!isObject(vendor)) problems.push('the "vendor" field is missing: a driver or plugin declares itself there');
  const nameKey = type === 'driver' ? 'driverName' : 'pluginName';
  const extName = meta[nameKey];
  if (typeof extName !== 'string' || !NAME.test(extName))
    problems.push(`vendor.${nameKey} must be a name like "simandroid"`);
  if (typeof meta['mainClass'] !== 'string' || meta['mainClass'] === '') problems.push('vendor.mainClass must be a non-empty string');
  const metadata = type === 'driver' ? driverMetadata(meta, problems) : { mainClass: String(meta['mainClass']) };
  if (problems.length > 0) {
    throw new CliError(
      'VENDOR_ERR_EXTENSION',
      `${path.join(dir, 'package.json')} is not a valid ${type} package:\n${problems.map((p) => `  - ${p}`).join('\n')}`,
    );
  }
  return { extName: extName as string, pkgName: name as string, version: version as string, metadata };
}
