// `wirecheck run <system> [options]`
import { resolveRunConfig } from '../../run/run-config.ts';
import { runOptionSpec } from '../../run/run-options.ts';
import { installSignalCleanup } from '../../target/cleanup.ts';
import { runHelp } from '../help.ts';
import type { Output } from '../../report/output.ts';
import { parseCommandLine } from '../parse-command-line.ts';
import { OptionsError } from '../../errors.ts';
import { redactedCommandLine } from '../../evidence/bundle/command-line.ts';
import { optionsWithConfigFile } from '../options-with-config-file.ts';

export async function runCommand(args: readonly string[], env: NodeJS.ProcessEnv, io: Output): Promise<number> {
  const spec = runOptionSpec();
  const { positionals, values: given } = parseCommandLine(args, spec, 'wirecheck run --help');
  if (given['help']) {
    io.out(runHelp());
    return 0;
  }
  if (positionals.length > 1) throw new OptionsError([`unexpected argument "${positionals[1]}": run takes one <system>`], 'wirecheck run --help');
  const { values, origin } = optionsWithConfigFile(given, spec, process.cwd(), io);
  const config = resolveRunConfig({ ...values, ...(positionals[0] !== undefined ? { system: positionals[0] } : {}) }, env, process.cwd(), origin);
  installSignalCleanup((text) => io.err(text));
  // Loaded only once the options are valid: it pulls in vitest.
  const { runCertification } = await import('../../run/run-certification.ts');
  const { exitCode } = await runCertification(config, io, { allure: values['noAllure'] !== true, commandLine: redactedCommandLine('run', args) });
  return exitCode;
}
