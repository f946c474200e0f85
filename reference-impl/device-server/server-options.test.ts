import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseCliArgs, type ServerFlags } from './cli-args.ts';
import { CliError } from './cli-errors.ts';
import type { DeviceServerFault } from './faults.ts';
import { normalizeBasePath, resolveServerOptions } from './server-options.ts';

const none = new Set<DeviceServerFault>();
const flags = (argv: string[]): ServerFlags => {
  const command = parseCliArgs(argv);
  if (command.kind !== 'server') throw new Error(`not a server command: ${command.kind}`);
  return command.flags;
};

function cliError(fn: () => unknown): CliError {
  try {
    fn();
  } catch (error) {
    if (error instanceof CliError) return error;
    throw error;
  }
  throw new Error('expected a CliError');
}

describe('command-line forms', () => {
  it('parses the server command in = and space forms', () => {
    expect(flags(['--address', '127.0.0.1', '--port', '0', '--base-path=/wd/hub', '--allow-insecure=a:b,*:c', '--log-level', 'warn'])).toEqual({
      address: '127.0.0.1', port: '0', basePath: '/wd/hub', allowInsecure: ['a:b', '*:c'], logLevel: 'warn', relaxedSecurity: false,
    });
    expect(flags(['server', '--base-path', '/x', '--allow-insecure', '*:session_discovery', '--allow-insecure', 'simandroid:adb_shell']).allowInsecure).toEqual([
      '*:session_discovery', 'simandroid:adb_shell',
    ]);
  });

  it('parses extension commands', () => {
    expect(parseCliArgs(['driver', 'install', '--source=local', '/p'])).toEqual({ kind: 'install', type: 'driver', source: 'local', spec: '/p', json: false });
    expect(parseCliArgs(['driver', 'list', '--installed', '--updates', '--json'])).toEqual({ kind: 'list', type: 'driver', installed: true, updates: true, json: true });
    expect(parseCliArgs(['plugin', 'list', '--installed'])).toMatchObject({ kind: 'list', type: 'plugin' });
    expect(parseCliArgs(['driver', 'doctor', 'simandroid'])).toEqual({ kind: 'doctor', type: 'driver', name: 'simandroid' });
    expect(parseCliArgs(['setup', 'reset'])).toEqual({ kind: 'setup-reset' });
    expect(parseCliArgs(['--version'])).toEqual({ kind: 'version' });
    expect(parseCliArgs(['driver', '--help'])).toEqual({ kind: 'help' });
  });

  it('refuses unknown options and commands, naming them', () => {
    for (const argv of [['--bogus'], ['drivr', 'list'], ['driver', 'frobnicate'], ['driver', 'list', '--fast'], ['setup'], ['driver', 'install', '--source=git', 'x'], ['--port']]) {
      expect(cliError(() => parseCliArgs(argv)).code).toBe('VENDOR_ERR_USAGE');
    }
    expect(cliError(() => parseCliArgs(['--bogus'])).message).toContain('--bogus');
  });
});

describe('server options', () => {
  it('defaults: 127.0.0.1:4723, base path /, info, nothing insecure', () => {
    expect(resolveServerOptions(flags([]), none)).toMatchObject({ address: '127.0.0.1', port: 4723, basePath: '', logLevel: 'info', allowInsecure: [] });
    expect(resolveServerOptions(flags([]), new Set<DeviceServerFault>(['default-port-not-4723'])).port, 'fault default-port-not-4723').toBe(4724);
  });

  it('command-line flags override the config file', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'vendor-opts-'));
    const file = path.join(dir, 'c.json');
    writeFileSync(file, JSON.stringify({ server: { port: 4900, address: '127.0.0.2', 'base-path': '/a', 'allow-insecure': ['*:session_discovery'] } }));
    const fromFile = resolveServerOptions(flags(['--config', file]), none);
    expect(fromFile).toMatchObject({ port: 4900, address: '127.0.0.2', basePath: '/a', allowInsecure: [{ scope: '*', feature: 'session_discovery' }] });
    const overridden = resolveServerOptions(flags(['--config', file, '--port', '4901', '--base-path=/b', '--allow-insecure=simandroid:adb_shell']), none);
    expect(overridden).toMatchObject({ port: 4901, address: '127.0.0.2', basePath: '/b', allowInsecure: [{ scope: 'simandroid', feature: 'adb_shell' }] });
  });

  it('drops the file\'s server.address only with the config-address-ignored fault', () => {
    const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'vendor-opts-')), 'c.json');
    writeFileSync(file, JSON.stringify({ server: { address: '127.0.0.2' } }));
    expect(resolveServerOptions(flags(['--config', file]), new Set(['config-address-ignored'])).address).toBe('127.0.0.1');
  });

  it('refuses an unscoped feature (mentioning the scoped form) unless the fault is on', () => {
    const error = cliError(() => resolveServerOptions(flags(['--allow-insecure=adb_shell']), none));
    expect(error.code).toBe('VENDOR_ERR_INSECURE_FEATURE');
    expect(error.message).toContain("'adb_shell'");
    expect(error.message).toContain('simandroid:adb_shell');
    for (const bad of [':adb_shell', 'simandroid:']) expect(() => resolveServerOptions(flags([`--allow-insecure=${bad}`]), none)).toThrow(CliError);
    const faulty = resolveServerOptions(flags(['--allow-insecure=adb_shell']), new Set(['unscoped-feature-accepted']));
    expect(faulty.allowInsecure).toEqual([{ scope: '*', feature: 'adb_shell' }]);
  });

  it('reads an --allow-insecure value naming a file as a list file, one comma-separated list per line (as Appium 3)', () => {
    const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'vendor-opts-')), 'features.txt');
    writeFileSync(file, '*:session_discovery\n\n simandroid:adb_shell , other:x\n');
    const features = resolveServerOptions(flags([`--allow-insecure=${file}`, '--allow-insecure', 'a:b']), none).allowInsecure;
    expect(features.map((f) => `${f.scope}:${f.feature}`)).toEqual(['a:b', '*:session_discovery', 'simandroid:adb_shell', 'other:x']);
    writeFileSync(file, '*:session_discovery\nadb_shell\n');
    expect(cliError(() => resolveServerOptions(flags([`--allow-insecure=${file}`]), none)).message).toContain("'adb_shell'");
  });

  it('takes an unscoped item from a file (list file or config file) only with the unscoped-feature-from-file-accepted fault', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'vendor-opts-'));
    const list = path.join(dir, 'features.txt');
    const config = path.join(dir, 'c.json');
    writeFileSync(list, '*:session_discovery\nadb_shell\n');
    writeFileSync(config, JSON.stringify({ server: { 'allow-insecure': ['*:session_discovery', 'adb_shell'] } }));
    const fault = new Set<DeviceServerFault>(['unscoped-feature-from-file-accepted']);
    expect(() => resolveServerOptions(flags(['--config', config]), none)).toThrow(CliError);
    for (const argv of [[`--allow-insecure=${list}`], ['--config', config]]) {
      expect(resolveServerOptions(flags(argv), fault).allowInsecure).toEqual([{ scope: '*', feature: 'session_discovery' }, { scope: '*', feature: 'adb_shell' }]);
    }
    expect(() => resolveServerOptions(flags(['--allow-insecure=*:session_discovery,adb_shell']), fault)).toThrow(CliError);
  });

  it('drops an unscoped item (bare or with an empty scope, in any form) instead of refusing it only with the unscoped-feature-ignored fault', () => {
    const fault = new Set<DeviceServerFault>(['unscoped-feature-ignored']);
    const options = resolveServerOptions(flags(['--allow-insecure=simandroid:adb_shell,session_discovery', '--allow-insecure=:session_discovery']), fault);
    expect(options.allowInsecure).toEqual([{ scope: 'simandroid', feature: 'adb_shell' }]);
    expect(options.ignoredInsecure).toEqual(['session_discovery', ':session_discovery']);
    expect(() => resolveServerOptions(flags(['--allow-insecure=simandroid:']), fault)).toThrow(CliError);
    expect(resolveServerOptions(flags(['--allow-insecure=*:session_discovery']), fault).ignoredInsecure).toBeUndefined();
  });

  it('refuses --relaxed-security unless the fault is on', () => {
    expect(cliError(() => resolveServerOptions(flags(['--relaxed-security']), none)).message).toContain('not offered');
    const faulty = resolveServerOptions(flags(['--relaxed-security']), new Set(['relaxed-security-accepted']));
    expect(faulty.allowInsecure.map((f) => `${f.scope}:${f.feature}`)).toEqual(['*:adb_shell', '*:session_discovery']);
  });

  it('binds every interface by default only with the bind-all-interfaces fault', () => {
    expect(resolveServerOptions(flags([]), new Set(['bind-all-interfaces'])).address).toBe('0.0.0.0');
  });

  it('validates port and log level', () => {
    expect(() => resolveServerOptions(flags(['--port', '70000']), none)).toThrow(/0-65535/);
    expect(() => resolveServerOptions(flags(['--port', 'x']), none)).toThrow(/0-65535/);
    expect(() => resolveServerOptions(flags(['--log-level', 'loud']), none)).toThrow(/log-level/);
  });

  it('normalizes base paths', () => {
    expect(['/', '', '/wd/hub', 'wd/hub', '/wd/hub/'].map(normalizeBasePath)).toEqual(['', '', '/wd/hub', '/wd/hub', '/wd/hub']);
    expect(() => normalizeBasePath('/a b')).toThrow(CliError);
  });
});
