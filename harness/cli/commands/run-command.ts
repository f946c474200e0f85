// `wirecheck run <system> [options]`
import { resolveRunConfig } from '../../target/run-config.ts';
import type { RunOptions } from '../../target/run-options.ts';
import { installSignalCleanup } from '../../target/cleanup.ts';
import { RUN_HELP } from '../help.ts';
import type { Output } from '../../report/output.ts';
import { parseCommandLine, type OptionSpec } from '../parse-command-line.ts';
import { OptionsError } from '../../errors.ts';
import { redactedCommandLine } from '../../evidence/bundle/command-line.ts';

const str = { type: 'string' } as const;
const flag = { type: 'boolean' } as const;

export const RUN_OPTIONS: OptionSpec = {
  target: str, 'base-url': { type: 'string', multiple: true }, 'report-dir': str, probe: flag, only: { type: 'string', multiple: true }, seed: str, strict: flag,
  'work-timeout': str, 'max-response-bytes': str,
  secret: str, 'version-field': str, token: str, 'user-id': str, 'other-user-id': str, 'other-token': str,
  vendor: str, 'platform-name': str, 'automation-name': str, 'device-name': str, app: str, 'driver-name': str,
  'session-discovery': flag, 'server-cmd': str, 'home-env': str,
  'reference-fault': str, 'database-url': str, image: str, 'no-allure': flag, help: { type: 'boolean', short: 'h' },
  // evidence: harness/evidence/
  repeat: str, baseline: str, bundle: flag, 'sign-key': str,
};

export async function runCommand(args: readonly string[], env: NodeJS.ProcessEnv, io: Output): Promise<number> {
  const { positionals, values } = parseCommandLine(args, RUN_OPTIONS, 'wirecheck run --help');
  if (values['help']) {
    io.out(RUN_HELP);
    return 0;
  }
  if (positionals.length > 1) throw new OptionsError([`unexpected argument "${positionals[1]}": run takes one <system>`], 'wirecheck run --help');
  const options: RunOptions = { ...(values as RunOptions), ...(positionals[0] !== undefined ? { system: positionals[0] } : {}) };
  const config = resolveRunConfig(options, env, process.cwd());
  installSignalCleanup((text) => io.err(text));
  // Loaded only once the options are valid: it pulls in vitest.
  const { runCertification } = await import('../../run/run-certification.ts');
  const { exitCode } = await runCertification(config, env, io, { allure: values['noAllure'] !== true, commandLine: redactedCommandLine('run', args) });
  return exitCode;
}
