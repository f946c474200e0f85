// The config file of `wirecheck run`: the one named by --config-file, else
// wirecheck.config.json, .yaml or .yml in the working directory when there is one.
// An unreadable or unparseable file, or a bad key, is a usage error (exit 2) naming
// the file, the key and the fix, every problem at once.
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parse as parseYaml } from 'yaml';
import { OptionsError } from '../errors.ts';
import type { OptionRow } from '../systems/option-table.ts';
import { configFileValues, type ConfigFileValues } from './config-file-values.ts';

export const CONFIG_FILE_NAMES = ['wirecheck.config.json', 'wirecheck.config.yaml', 'wirecheck.config.yml'] as const;

export interface ConfigFile extends ConfigFileValues {
  /** As the user knows it: the path given, or the name found in the working directory. */
  readonly file: string;
}

/** The file given, or found in `cwd`; undefined when there is none. */
function configFilePath(given: string | undefined, cwd: string): string | undefined {
  if (given !== undefined) {
    if (given === '') throw new OptionsError(['--config-file needs a file: a .json, .yaml or .yml file of run options'], 'wirecheck run --help');
    if (!/\.(json|ya?ml)$/i.test(given)) throw new OptionsError([`--config-file ${given}: name a .json, .yaml or .yml file (its ending says how it is read)`], 'wirecheck run --help');
    return given;
  }
  const found = CONFIG_FILE_NAMES.filter((name) => existsSync(resolve(cwd, name)));
  if (found.length > 1) {
    throw new OptionsError([`${found.join(' and ')} are both in ${cwd}: keep one, or name the one to use with --config-file FILE`], 'wirecheck run --help');
  }
  return found[0];
}

/**
 * Where the parser stopped and why, but none of the file's text: V8 quotes the JSON
 * (`Unexpected token 's', "{"token": s3cr…" is not valid JSON`), yaml the line after
 * its first, and the file may hold a secret.
 */
function parseFailure(error: unknown, text: string): string {
  const message = ((error as Error).message.split('\n')[0] ?? '').replace(/:$/, '');
  if (/ is not valid JSON$/.test(message)) return 'unexpected text';
  // Node 20: "… in JSON at position 42"; Node 22 adds "(line 4 column 1)": one form for both.
  const position = / in JSON at position (\d+)(?: \(line \d+ column \d+\))?$/.exec(message);
  if (!position) return message;
  const before = text.slice(0, Number(position[1])).split('\n');
  return `${message.slice(0, position.index)} at line ${before.length}, column ${(before.at(-1)?.length ?? 0) + 1}`;
}

function decode(text: string, file: string): unknown {
  const json = /\.json$/i.test(file);
  try {
    // yaml would print its warnings (an unknown tag) itself, quoting the file: not here.
    return json ? JSON.parse(text) : parseYaml(text, { logLevel: 'error' });
  } catch (error) {
    const why = parseFailure(error, text);
    throw new OptionsError([`${file} is not valid ${json ? 'JSON' : 'YAML'}: ${why}. Fix it, or name another file with --config-file FILE`], 'wirecheck run --help');
  }
}

/** The config file's option values; undefined when none was given and none is in `cwd`. */
export function readConfigFile(given: string | undefined, cwd: string, rows: readonly OptionRow[]): ConfigFile | undefined {
  const file = configFilePath(given, cwd);
  if (file === undefined) return undefined;
  let text: string;
  try {
    text = readFileSync(resolve(cwd, file), 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new OptionsError([`--config-file ${file}: ${code === 'ENOENT' ? 'no such file' : `cannot be read (${code ?? (error as Error).message})`}`], 'wirecheck run --help');
  }
  const read = configFileValues(decode(text, file), file, rows);
  if (read.problems.length > 0) throw new OptionsError(read.problems, 'wirecheck run --help');
  return { file, ...read };
}
