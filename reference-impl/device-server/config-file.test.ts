import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CliError } from './cli-errors.ts';
import { CONFIG_FILE_MAX_BYTES, loadConfigFile, parseConfigDocument } from './config-file.ts';

function problem(fn: () => unknown): CliError {
  try {
    fn();
  } catch (error) {
    if (error instanceof CliError) return error;
    throw error;
  }
  throw new Error('expected a CliError');
}

describe('config file', () => {
  it('reads the nested form, like Appium', () => {
    expect(
      parseConfigDocument(
        { server: { address: '127.0.0.1', port: 4800, 'log-level': 'debug', 'allow-insecure': ['*:session_discovery'], 'base-path': '/wd/hub' } },
        'c.json',
      ),
    ).toEqual({ address: '127.0.0.1', port: 4800, logLevel: 'debug', allowInsecure: ['*:session_discovery'], basePath: '/wd/hub' });
  });

  it('reads the flat dotted form', () => {
    expect(parseConfigDocument({ 'server.port': 4801, 'server.address': '::1' }, 'c.json')).toEqual({ port: 4801, address: '::1' });
  });

  it('names an unknown key and lists the known ones', () => {
    const error = problem(() => parseConfigDocument({ server: { prot: 4723 } }, 'c.json'));
    expect(error.code).toBe('VENDOR_ERR_CONFIG_INVALID');
    expect(error.message).toContain('unknown key "server.prot"');
    expect(error.message).toContain('server.port');
    expect(problem(() => parseConfigDocument({ driver: {} }, 'c.json')).message).toContain('unknown key "driver"');
    expect(problem(() => parseConfigDocument(JSON.parse('{"constructor": 1, "server": {"toString": 2}}'), 'c.json')).message).toMatch(
      /unknown key "constructor"[\s\S]*unknown key "server.toString"/,
    );
  });

  it('names the key of a wrong type, every problem at once', () => {
    const error = problem(() => parseConfigDocument({ server: { port: '4723', 'allow-insecure': '*:session_discovery', 'log-level': 'loud' } }, 'c.json'));
    expect(error.message).toContain('"server.port" must be an integer');
    expect(error.message).toContain('"server.allow-insecure" must be an array');
    expect(error.message).toContain('"server.log-level" must be one of');
  });

  it('refuses relaxed security with a reason', () => {
    expect(problem(() => parseConfigDocument({ server: { 'relaxed-security': true } }, 'c.json')).message).toContain('not offered');
  });

  it('reads a regular file of at most 1 MiB only, naming the path and the reason otherwise', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'vendor-config-size-'));
    const json = '{"server":{"port":4800}}';
    const atLimit = path.join(dir, 'at-limit.json');
    writeFileSync(atLimit, json + ' '.repeat(CONFIG_FILE_MAX_BYTES - json.length));
    expect(loadConfigFile(atLimit)).toEqual({ port: 4800 });
    const overLimit = path.join(dir, 'over-limit.json');
    writeFileSync(overLimit, json + ' '.repeat(CONFIG_FILE_MAX_BYTES - json.length + 1));
    expect(problem(() => loadConfigFile(overLimit)).message)
      .toBe(`cannot read config file ${overLimit}: it is larger than ${CONFIG_FILE_MAX_BYTES} bytes, the most this server reads; give the path of a JSON file`);
    expect(problem(() => loadConfigFile(dir)).message).toBe(`cannot read config file ${dir}: it is a directory, not a regular file; give the path of a JSON file`);
    rmSync(dir, { recursive: true, force: true });
  });

  it('reports unreadable and non-JSON files', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'vendor-config-'));
    const bad = path.join(dir, 'bad.json');
    writeFileSync(bad, '{"server": ');
    expect(problem(() => loadConfigFile(bad)).message).toContain('not valid JSON');
    expect(problem(() => loadConfigFile(path.join(dir, 'missing.json'))).message).toContain('cannot read config file');
    expect(problem(() => parseConfigDocument([], 'c.json')).message).toContain('JSON object');
  });
});
