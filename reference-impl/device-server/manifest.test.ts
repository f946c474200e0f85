import { mkdtempSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import YAML from 'yaml';
import { readExtensionPackage } from './extension-package.ts';
import { emptyManifest, manifestPath, parseManifest, readManifest, writeManifest, type DriverRecord } from './manifest.ts';
import { SIM_DRIVER_DIR } from './testing/cli-runner.ts';

const record: DriverRecord = {
  pkgName: '@wirecheck/sim-android-driver',
  version: '1.0.0',
  installType: 'local',
  installSpec: '/src/sim-android',
  installPath: '/home/node_modules/@wirecheck/sim-android-driver',
  automationName: 'SimAndroid',
  platformNames: ['Android'],
  mainClass: 'SimAndroidDriver',
};

const tempDir = () => mkdtempSync(path.join(os.tmpdir(), 'vendor-manifest-'));

describe('extension manifest', () => {
  it('reads an absent manifest as an empty home', () => {
    expect(readManifest(path.join(tempDir(), 'nothing-here'))).toEqual(emptyManifest());
  });

  it('round-trips through extensions.yaml, shaped like Appium', () => {
    const home = tempDir();
    const inHome = { ...record, installPath: path.join(home, 'node_modules', '@wirecheck', 'sim-android-driver') };
    writeManifest(home, { ...emptyManifest(), drivers: { simandroid: inHome } });
    expect(readManifest(home).drivers['simandroid']).toEqual(inHome);
    const document = YAML.parse(readFileSync(manifestPath(home), 'utf8')) as Record<string, unknown>;
    expect(Object.keys(document)).toEqual(['drivers', 'plugins', 'schemaRev']);
  });

  it('names every problem of a corrupt manifest', () => {
    expect(() => parseManifest('drivers: [1]', 'm.yaml')).toThrow(/drivers must be a mapping/);
    expect(() => parseManifest('drivers:\n  x:\n    pkgName: 1\n', 'm.yaml')).toThrow(/drivers\.x\.pkgName must be a string[\s\S]*platformNames/);
    expect(() => parseManifest('drivers: {a: b', 'm.yaml')).toThrow(/not valid YAML/);
  });

  it('is refused when it points outside its home or names no npm package, naming each entry', () => {
    const home = tempDir();
    writeManifest(home, { ...emptyManifest(), drivers: { simandroid: { ...record, pkgName: '../../x', installPath: path.join(home, '..', 'elsewhere') } } });
    expect(() => readManifest(home)).toThrow(/drivers\.simandroid\.pkgName "\.\.\/\.\.\/x" is not a valid npm package name[\s\S]*drivers\.simandroid\.installPath .* lies outside the extension home/);
  });
});

describe('extension packages', () => {
  it('reads the bundled simulated driver', () => {
    const pkg = readExtensionPackage('driver', SIM_DRIVER_DIR);
    expect(pkg).toMatchObject({ extName: 'simandroid', pkgName: '@wirecheck/sim-android-driver', metadata: { automationName: 'SimAndroid', platformNames: ['Android'], mainClass: 'SimAndroidDriver' } });
  });

  it('refuses a package without the vendor field, naming what is missing', () => {
    const dir = tempDir();
    mkdirSync(dir, { recursive: true });
    writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ name: 'x', version: '1.0.0' }));
    expect(() => readExtensionPackage('driver', dir)).toThrow(/"vendor" field is missing/);
    writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ name: 'x', version: '1.0.0', vendor: { driverName: 'x', mainClass: 'X', platformNames: [] } }));
    expect(() => readExtensionPackage('driver', dir)).toThrow(/automationName[\s\S]*platformNames/);
    writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ name: 'x', version: '1.0.0', vendor: { pluginName: 'p', mainClass: 'P' } }));
    expect(readExtensionPackage('plugin', dir)).toMatchObject({ extName: 'p', metadata: { mainClass: 'P' } });
  });
});
