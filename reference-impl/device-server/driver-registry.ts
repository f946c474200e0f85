// The drivers a running server can use: exactly those installed in its extension home,
// imported from their installed copies at start-up (like Appium 3, a driver installed
// later needs a restart). Matching is by automationName and platformName, both compared
// case-insensitively as Appium does.
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { DriverClass } from './driver-api.ts';
import { readExtensionPackage, readPackageJson } from './extension-package.ts';
import type { DeviceServerFaults } from './faults.ts';
import { readManifest, type DriverMetadata, type DriverRecord } from './manifest.ts';
import type { TextLogger } from './text-logger.ts';

export interface LoadedDriver {
  readonly name: string;
  readonly record: DriverRecord;
  readonly DriverClass: DriverClass;
}

export interface DriverRegistry {
  readonly home: string;
  readonly drivers: readonly LoadedDriver[];
}

export type DriverMatch = { driver: LoadedDriver } | { problem: string };

export async function importDriver(name: string, record: DriverRecord): Promise<LoadedDriver> {
  const main = String(
    readPackageJson(record.installPath)['main'] ??
      'index.js',
  );
  const mod = (await import(pathToFileURL(path.resolve(record.installPath, main)).href)) as Record<string, unknown>;
  const DriverClass = mod[record.mainClass];
  if (typeof DriverClass !== 'function') {
    throw new Error(`driver '${name}' does not export a class named '${record.mainClass}' from ${main}`);
  }
  return { name, record, DriverClass: DriverClass as DriverClass };
}

/** The simulated driver's package in this repository: what fault `bundled-driver-fallback` loads. */
const BUNDLED_SIM_DRIVER = fileURLToPath(new URL('./drivers/sim-android', import.meta.url));

async function bundledFallback(home: string, log: TextLogger): Promise<DriverRegistry> {
  const pkg = readExtensionPackage('driver', BUNDLED_SIM_DRIVER);
  const record: DriverRecord = {
    pkgName: pkg.pkgName, version: pkg.version, installType: 'local', installSpec: BUNDLED_SIM_DRIVER, installPath: BUNDLED_SIM_DRIVER,
    ...(pkg.metadata as DriverMetadata),
  };
  log.info('Vendor', `No driver installed in ${home}: using the bundled ${pkg.extName}`);
  return { home, drivers: [await importDriver(pkg.extName, record)] };
}

export async function loadInstalledDrivers(home: string, log: TextLogger, faults?: DeviceServerFaults): Promise<DriverRegistry> {
  const manifest = readManifest(home);
  if (faults?.has('bundled-driver-fallback') && Object.keys(manifest.drivers).length === 0) return bundledFallback(home, log);
  const drivers: LoadedDriver[] = [];
  for (const [name, record] of Object.entries(manifest.drivers)) {
    log.info('Vendor', `Attempting to load driver ${name}...`);
    try {
      drivers.push(await importDriver(name, record));
      log.info('Vendor', `Driver ${name} loaded from ${record.installPath}`);
    }
    catch (error) {
      log.error('Vendor', `Could not load driver '${name}', so it will not be available: ${(error as Error).message}`);
    }
  }
  return { home, drivers };
}

function describeInstalled(registry: DriverRegistry): string {
  if (registry.drivers.length === 0) return 'No drivers are installed there';
  const list = registry.drivers.map((d) => `${d.name} (automationName '${d.record.automationName}', platformNames ${JSON.stringify(d.record.platformNames)})`);
  return `Installed drivers: ${list.join(', ')}`;
}

export function findDriver(registry: DriverRegistry, automationName: string, platformName: string): DriverMatch {
  const a = automationName.toLowerCase();
  const p = platformName.toLowerCase();
  const byName = registry.drivers.filter((d) => d.record.automationName.toLowerCase() === a);
  const driver = byName.find((d) =>
    d.record.platformNames.some(
      (n) => n.toLowerCase() === p,
    ),
  );
  if (driver) return { driver };
  const where = `the extension home ${registry.home}`;
  if (byName[0]) {
    return {
      problem:
        `Driver '${byName[0].name}' supports automationName '${byName[0].record.automationName}', but not platformName ` +
        `'${platformName}' (supported: ${JSON.stringify(byName[0].record.platformNames)}) in ${where}`,
    };
  }
  return {
    problem:
      `Could not find an installed driver for automationName '${automationName}' and platformName '${platformName}' in ${where}. ` +
      `${describeInstalled(registry)}; install one with "driver install --source=local <path>" and restart the server.`,
  };
}
