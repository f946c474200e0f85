// Command-line parsing with node:util parseArgs in strict mode, so an unknown or
// misspelt option is an error naming it — never silently ignored.
import { parseArgs } from 'node:util';
import { OptionsError } from '../errors.ts';
import { valueKey, type OptionSpec, type OptionValues } from '../systems/option-table.ts';

export type { OptionSpec, OptionValues };

export interface ParsedCommandLine {
  readonly positionals: string[];
  readonly values: OptionValues;
}

export function parseCommandLine(args: readonly string[], options: OptionSpec, helpCommand: string): ParsedCommandLine {
  try {
    const { values, positionals } = parseArgs({ args: [...args], options, allowPositionals: true, strict: true });
    const camel: OptionValues = {};
    for (const [name, value] of Object.entries(values)) {
      camel[valueKey(name)] = Array.isArray(value) ? value.map(String) : value;
    }
    return { positionals, values: camel };
  } catch (error) {
    const message = (error as Error).message.replace(/\. To specify a positional argument.*$/s, '');
    throw new OptionsError([message], helpCommand);
  }
}
