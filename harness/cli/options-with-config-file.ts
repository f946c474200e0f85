// The options of a command that runs checks (run, replay, baseline write): the config
// file's, with the command line's over them — an option given on both counts as given
// on the command line, a repeatable one's list included (it replaces the file's list).
// A secret in the file is used but never shown; the user is told it belongs in the
// environment, as a file is easily shared or committed.
import type { Output } from '../report/output.ts';
import type { ConfigFileOrigin } from '../run/run-config.ts';
import { runOptionRows } from '../run/run-options.ts';
import { valueKey, type OptionRow, type OptionSpec, type OptionValues } from '../systems/option-table.ts';
import { readConfigFile } from './read-config-file.ts';

export interface OptionsWithConfigFile {
  readonly values: OptionValues;
  /** The options that came from the file; undefined when no file was read. */
  readonly origin?: ConfigFileOrigin;
}

/** How to give a secret option without a file: its environment variable, or the command line from one. */
function secretAdvice(row: OptionRow): string {
  const placeholder = typeof row.reproduce === 'object' ? row.reproduce.placeholder : '"$SECRET"';
  return row.env ? `env ${row.env}` : `--${row.flag} ${placeholder} on the command line`;
}

function warnOfSecrets(file: string, flags: readonly string[], io: Output): void {
  // The rows whose value the reproduce command hides behind a placeholder: the secrets.
  const secret = runOptionRows().filter((row) => typeof row.reproduce === 'object' && flags.includes(row.flag));
  for (const row of secret) {
    io.err(`wirecheck: warning: ${file} holds the secret "${row.flag}". It is used, and kept out of every report and log, `
      + `but a file is easily shared or committed: give it from the environment instead (${secretAdvice(row)}).`);
  }
}

/**
 * `values` (the command line's, parsed with `spec`) over the config file's. Keys of the
 * file that `spec` does not take (replay takes no --only) are left out.
 */
export function optionsWithConfigFile(values: OptionValues, spec: OptionSpec, cwd: string, io: Output): OptionsWithConfigFile {
  const given = values['configFile'];
  const config = readConfigFile(typeof given === 'string' ? given : undefined, cwd, runOptionRows());
  if (!config) return { values };
  const flags = config.flags.filter((flag) => flag in spec && values[valueKey(flag)] === undefined);
  const fromFile = Object.fromEntries(flags.map((flag) => [valueKey(flag), config.values[valueKey(flag)]]));
  warnOfSecrets(config.file, config.flags, io);
  return { values: { ...fromFile, ...values }, origin: { file: config.file, flags } };
}
