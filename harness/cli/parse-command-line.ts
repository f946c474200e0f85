// Command-line parsing with node:util parseArgs in strict mode, so an unknown or
// misspelt option is an error naming it — never silently ignored.
import { parseArgs } from 'node:util';
import { OptionsError } from '../errors.ts';
import { nearestName } from '../systems/nearest-name.ts';
import { valueKey, type OptionSpec, type OptionValues } from '../systems/option-table.ts';

export type { OptionSpec, OptionValues };

export interface ParsedCommandLine {
  readonly positionals: string[];
  readonly values: OptionValues;
}

/**
 * `--seed -5`: parseArgs takes a value that starts with a dash for another option and calls
 * it ambiguous; a string option followed by a negative number gets it as its value
 * (`--seed=-5`), so the option's own check names what is wrong with it.
 */
function joinNegativeNumbers(args: readonly string[], options: OptionSpec): string[] {
  const out: string[] = [];
  for (let i = 0; i < args.length; i += 1) {
    const arg = args[i] ?? '';
    const next = args[i + 1];
    const name = /^--([^=]+)$/.exec(arg)?.[1];
    if (name && options[name]?.type === 'string' && next !== undefined && /^-\d/.test(next)) {
      out.push(`${arg}=${next}`);
      i += 1;
    } else {
      out.push(arg);
    }
  }
  return out;
}

/** Every unknown option at once, each with the known one it is nearest to. */
function unknownOptions(args: readonly string[], options: OptionSpec): string[] {
  const { tokens } = parseArgs({ args: [...args], options, allowPositionals: true, strict: false, tokens: true });
  const known = Object.keys(options);
  return tokens.flatMap((token) => {
    if (token.kind !== 'option' || token.name in options) return [];
    const nearest = token.rawName.startsWith('--') ? nearestName(token.name, known) : undefined;
    return [`Unknown option '${token.rawName}'${nearest ? `: did you mean --${nearest}?` : ''}`];
  });
}

export function parseCommandLine(given: readonly string[], options: OptionSpec, helpCommand: string): ParsedCommandLine {
  const args = joinNegativeNumbers(given, options);
  const unknown = unknownOptions(args, options);
  if (unknown.length > 0) throw new OptionsError(unknown, helpCommand);
  try {
    const { values, positionals } = parseArgs({ args, options, allowPositionals: true, strict: true });
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
