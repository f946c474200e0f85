import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { optionsProblems } from '../testing/options-problems.ts';
import { runOptionRows } from '../run/run-options.ts';
import { readConfigFile } from './read-config-file.ts';

let dir: string;
beforeEach(() => { dir = mkdtempSync(join(tmpdir(), 'wirecheck-config-')); });
afterEach(() => rmSync(dir, { recursive: true, force: true }));

function write(name: string, text: string): void {
  writeFileSync(join(dir, name), text);
}

const read = (given?: string) => readConfigFile(given, dir, runOptionRows());

describe('readConfigFile', () => {
  it('reads wirecheck.config.json from the working directory: keys are the long option names, flat', () => {
    write('wirecheck.config.json', JSON.stringify({
      target: 'external', 'base-url': 'https://staging.example.com', probe: true, seed: 42, 'work-timeout': 2.5, 'platform-name': 'Android', strict: false,
    }));
    const config = read();
    expect(config?.file).toBe('wirecheck.config.json');
    expect(config?.values).toEqual({ target: 'external', baseUrl: ['https://staging.example.com'], probe: true, seed: '42', workTimeout: '2.5', platformName: 'Android' });
    expect(config?.flags).toEqual(['target', 'base-url', 'probe', 'seed', 'work-timeout', 'platform-name']);
  });

  it('reads wirecheck.config.yaml and .yml, a repeatable option as a list', () => {
    write('wirecheck.config.yaml', 'target: external\nbase-url:\n  - http://10.0.0.1:3000\n  - http://10.0.0.2:3000\nonly: "WH-SIG-*"\nwait-for: 30\n');
    expect(read()?.values).toEqual({ target: 'external', baseUrl: ['http://10.0.0.1:3000', 'http://10.0.0.2:3000'], only: ['WH-SIG-*'], waitFor: '30' });
    rmSync(join(dir, 'wirecheck.config.yaml'));
    write('wirecheck.config.yml', 'no-allure: true\n');
    expect(read()).toMatchObject({ file: 'wirecheck.config.yml', values: { noAllure: true } });
  });

  it('is undefined when no file is given and none is in the working directory', () => {
    expect(read()).toBeUndefined();
  });

  it('reads the file --config-file names, relative to the working directory, whatever its name', () => {
    write('staging.yaml', 'seed: 7\n');
    write('wirecheck.config.json', '{"seed": 1}');
    expect(read('staging.yaml')?.values).toEqual({ seed: '7' });
    expect(optionsProblems(() => read('missing.json'))).toEqual(['--config-file missing.json: no such file']);
    expect(optionsProblems(() => read('staging.toml'))[0]).toContain('--config-file staging.toml: name a .json, .yaml or .yml file');
  });

  it('refuses two default files in one directory, naming both', () => {
    write('wirecheck.config.json', '{}');
    write('wirecheck.config.yml', 'seed: 1\n');
    expect(optionsProblems(() => read())).toEqual([`wirecheck.config.json and wirecheck.config.yml are both in ${dir}: keep one, or name the one to use with --config-file FILE`]);
  });

  it('refuses unknown keys with the file name and the option meant', () => {
    write('wirecheck.config.json', JSON.stringify({ baseUrl: 'http://h', 'basse-url': 'http://h', secrett: 'x', system: 'webhook', 'config-file': 'other.json', zzzzzzzz: 1 }));
    expect(optionsProblems(() => read())).toEqual([
      'wirecheck.config.json: unknown key "baseUrl": did you mean "base-url"? (the keys are run\'s long option names: `wirecheck run --help`)',
      'wirecheck.config.json: unknown key "basse-url": did you mean "base-url"? (the keys are run\'s long option names: `wirecheck run --help`)',
      'wirecheck.config.json: unknown key "secrett": did you mean "secret"? (the keys are run\'s long option names: `wirecheck run --help`)',
      'wirecheck.config.json: "system" is not an option: name the system on the command line, `wirecheck run webhook`',
      'wirecheck.config.json: "config-file" names the file itself: give it on the command line',
      'wirecheck.config.json: unknown key "zzzzzzzz" (the keys are run\'s long option names: `wirecheck run --help`)',
    ]);
  });

  it('refuses a value of the wrong type, naming the file, the key and what it takes, never the value', () => {
    write('wirecheck.config.yaml', 'probe: "yes"\nseed: [1, 2]\ntoken: {value: s3cr3t-token}\nbase-url: [http://a, {x: 1}]\nreport-dir:\n');
    const problems = optionsProblems(() => read());
    expect(problems).toEqual([
      'wirecheck.config.yaml: key "probe" is a switch (--probe): write true or false, not a string',
      'wirecheck.config.yaml: key "seed" must be a string or a number (--seed N), not a list',
      'wirecheck.config.yaml: key "token" must be a string or a number (--token T), not a mapping',
      'wirecheck.config.yaml: key "base-url" must be a list of strings (--base-url URL, repeatable), but an item is a mapping',
      'wirecheck.config.yaml: key "report-dir" has no value: give one, or leave the key out',
    ]);
    expect(problems.join('\n')).not.toContain('s3cr3t-token');
  });

  it('refuses a document that is not a mapping of options', () => {
    write('wirecheck.config.yaml', '- seed\n- 42\n');
    expect(optionsProblems(() => read())[0]).toBe('wirecheck.config.yaml: expected a mapping of option names to values, e.g. {"base-url": "https://staging.example.com", "probe": true}, not a list');
  });

  it('refuses unparseable JSON and YAML with where it stopped, quoting none of the file', () => {
    write('bad.json', '{\n  "seed": 1,\n  "token": "s3cr3t-token",\n}');
    const json = optionsProblems(() => read('bad.json'));
    expect(json).toHaveLength(1);
    expect(json).toEqual(['bad.json is not valid JSON: Expected double-quoted property name at line 4, column 1. Fix it, or name another file with --config-file FILE']);
    write('bare.json', '{"token": s3cr3t-token}');
    expect(optionsProblems(() => read('bare.json'))).toEqual(['bare.json is not valid JSON: unexpected text. Fix it, or name another file with --config-file FILE']);
    write('bad.yaml', 'seed: 1\ntoken: s3cr3t: token\n');
    const yaml = optionsProblems(() => read('bad.yaml'));
    expect(yaml).toEqual(['bad.yaml is not valid YAML: Nested mappings are not allowed in compact mappings at line 2, column 8. Fix it, or name another file with --config-file FILE']);
    expect([...json, ...yaml].join('\n')).not.toContain('s3cr3t');
  });
});
