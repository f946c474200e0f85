import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { commandFrom, splitCommand } from './split-command.ts';

describe('splitCommand', () => {
  it('splits on whitespace and groups quoted words', () => {
    expect(splitCommand('npx appium')).toEqual(['npx', 'appium']);
    expect(splitCommand(`node "/opt/my app/cli.js"  --x 'a b'`)).toEqual(['node', '/opt/my app/cli.js', '--x', 'a b']);
    expect(splitCommand('a ""')).toEqual(['a', '']);
  });

  it('refuses an unterminated quote', () => {
    expect(() => splitCommand('node "cli.js')).toThrow('unterminated " quote');
  });
});

describe('commandFrom', () => {
  it('takes relative paths that exist from the directory given, and leaves bare names, options and absolute paths', () => {
    const cwd = mkdtempSync(join(tmpdir(), 'wirecheck-command-from-'));
    try {
      mkdirSync(join(cwd, 'lib'));
      writeFileSync(join(cwd, 'lib', 'cli.ts'), '');
      writeFileSync(join(cwd, 'cli.js'), '');
      writeFileSync(join(cwd, 'conf.json'), '');
      expect(commandFrom(cwd, ['node', '--import', 'tsx', 'lib/cli.ts'])).toEqual(['node', '--import', 'tsx', join(cwd, 'lib/cli.ts')]);
      expect(commandFrom(cwd, ['node', 'cli.js', '--config=conf.json', '--config', './conf.json'])).toEqual(['node', join(cwd, 'cli.js'), `--config=${join(cwd, 'conf.json')}`, '--config', join(cwd, 'conf.json')]);
      expect(commandFrom(cwd, ['./bin/server', '--port=1'])).toEqual([join(cwd, 'bin/server'), '--port=1']);
      // A bare name that is a folder here (npx appium), one naming nothing here, a module, a URL, an absolute path.
      mkdirSync(join(cwd, 'appium'));
      expect(commandFrom(cwd, ['npx', 'appium', 'lib/missing.ts', 'node:fs', '/opt/x.js', '*:session_discovery'])).toEqual(['npx', 'appium', 'lib/missing.ts', 'node:fs', '/opt/x.js', '*:session_discovery']);
    } finally {
      rmSync(cwd, { recursive: true, force: true });
    }
  });
});
