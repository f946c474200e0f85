import { describe, expect, it } from 'vitest';
import { OptionsError } from '../errors.ts';
import { parseCommandLine } from './parse-command-line.ts';
import type { OptionSpec } from './parse-command-line.ts';

const OPTIONS: OptionSpec = { 'base-url': { type: 'string', multiple: true }, seed: { type: 'string' }, strict: { type: 'boolean' }, help: { type: 'boolean', short: 'h' } };

function problemsOf(args: string[]): readonly string[] {
  try {
    parseCommandLine(args, OPTIONS, 'wirecheck run --help');
  } catch (error) {
    if (error instanceof OptionsError) return error.problems;
    throw error;
  }
  return [];
}

describe('parseCommandLine', () => {
  it('names every unknown option at once, with the known one it is nearest to', () => {
    expect(problemsOf(['webhook', '--basurl', 'x', '--strickt', '--zzzzzzzz'])).toEqual([
      "Unknown option '--basurl': did you mean --base-url?",
      "Unknown option '--strickt': did you mean --strict?",
      "Unknown option '--zzzzzzzz'",
    ]);
  });

  it('takes a negative number as the value of a string option, for its own check to judge', () => {
    expect(parseCommandLine(['--seed', '-5'], OPTIONS, 'h').values['seed']).toBe('-5');
    expect(parseCommandLine(['--seed', '7', '--strict'], OPTIONS, 'h').values).toEqual({ seed: '7', strict: true });
  });

  it('keeps values, camelCase keys and positionals', () => {
    const parsed = parseCommandLine(['webhook', '--base-url', 'http://a', '--base-url', 'http://b', '-h'], OPTIONS, 'h');
    expect(parsed).toEqual({ positionals: ['webhook'], values: { baseUrl: ['http://a', 'http://b'], help: true } });
  });
});
