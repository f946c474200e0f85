// Command-line parsing with node:util parseArgs in strict mode, so an unknown or
// misspelt option is an error naming it — never silently ignored.
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { OptionsError } from '../errors.ts';

export type OptionSpec = NonNullable<ParseArgsConfig['options']>;

/** An option declared `multiple` keeps every value given, in order. */
export type OptionValues = Record<string, string | boolean | string[] | undefined>;

export interface ParsedCommandLine {
  readonly positionals: string[];
  readonly values: OptionValues;
}

function kebabToCamel(name: string): string {
  return name.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase());
}

export function parseCommandLine(args: readonly string[], options: OptionSpec, helpCommand: string): ParsedCommandLine {
  try {
    const { values, positionals } = parseArgs({ args: [...args], options, allowPositionals: true, strict: true });
    const camel: OptionValues = {};
    for (const [name, value] of Object.entries(values)) {
      camel[kebabToCamel(name)] = Array.isArray(value) ? value.map(String) : value;
    }
    return { positionals, values: camel };
  } catch (error) {
    const message = (error as Error).message.replace(/\. To specify a positional argument.*$/s, '');
    throw new OptionsError([message], helpCommand);
  }
}
