import { describe, expect, it } from 'vitest';
import { splitCommand } from './split-command.ts';

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
