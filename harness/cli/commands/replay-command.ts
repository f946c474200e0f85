// `wirecheck replay <check-id> --seed N [target options]`: reruns one check with the
// seed of the run it failed in, against the same target options, and prints its
// outcome and redacted transcript. The exit code is that of the run (0, 1, 2, 3).
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { findCheck } from '../../systems/catalog.ts';
import { OptionsError } from '../../errors.ts';
import { redactedCommandLine } from '../../evidence/bundle/command-line.ts';
import { transcriptPath } from '../../report/summary.ts';
import { resolveRunConfig, type RunConfig } from '../../run/run-config.ts';
import { runOptionSpec } from '../../run/run-options.ts';
import { installSignalCleanup } from '../../target/cleanup.ts';
import { REPLAY_HELP } from '../help.ts';
import type { Output } from '../../report/output.ts';
import { parseCommandLine, type OptionValues, type OptionSpec } from '../parse-command-line.ts';
import { optionsWithConfigFile } from '../options-with-config-file.ts';
import type { ConfigFileOrigin } from '../../run/run-config.ts';

const HELP = 'wirecheck replay --help';
// The check id is the selection; the evidence of a replay is its terminal output.
const NOT_FOR_REPLAY = new Set(['only', 'baseline', 'bundle', 'sign-key']);
const replayOptions = (): OptionSpec => Object.fromEntries(Object.entries(runOptionSpec()).filter(([name]) => !NOT_FOR_REPLAY.has(name)));

function configOf(id: string | undefined, values: OptionValues, extra: string | undefined, env: NodeJS.ProcessEnv, origin: ConfigFileOrigin | undefined): RunConfig {
  const problems: string[] = [];
  const check = id !== undefined ? findCheck(id) : undefined;
  if (id === undefined) problems.push('missing <check-id>, e.g. `wirecheck replay WH-SIG-02 --seed 1234`');
  else if (!check) problems.push(`unknown check id "${id}" (\`wirecheck list\` shows every id)`);
  if (extra !== undefined) problems.push(`unexpected argument "${extra}": replay takes one <check-id>`);
  if (values['seed'] === undefined) problems.push('missing --seed N: the seed of the run to replay (in its summary.json and reproduce command)');
  if (!check) throw new OptionsError(problems, HELP);
  try {
    const config = resolveRunConfig({ ...values, system: check.system, only: check.id }, env, process.cwd(), origin);
    if (problems.length === 0) return config;
  } catch (error) {
    if (!(error instanceof OptionsError)) throw error;
    problems.push(...error.problems);
  }
  throw new OptionsError(problems, HELP);
}

export async function replayCommand(args: readonly string[], env: NodeJS.ProcessEnv, io: Output): Promise<number> {
  const spec = replayOptions();
  const { positionals, values: given } = parseCommandLine(args, spec, HELP);
  if (given['help']) {
    io.out(REPLAY_HELP);
    return 0;
  }
  const [id, extra] = positionals;
  const { values, origin } = optionsWithConfigFile(given, spec, process.cwd(), io);
  const config = configOf(id, values, extra, env, origin);
  installSignalCleanup((text) => io.err(text));
  const { runCertification } = await import('../../run/run-certification.ts');
  const { exitCode, results } = await runCertification(config, io, { allure: false, commandLine: redactedCommandLine('replay', args), keepTranscripts: true });
  const [result] = results;
  if (!result) return exitCode;
  const note = result.outcome === 'info' ? result.observed : result.reason;
  io.out(`\n── replay ${result.check.id} · seed ${config.seed} · ${result.outcome.toUpperCase()}${note ? ` — ${note}` : ''}${result.attempts ? ` (attempts: ${result.attempts.join(', ')})` : ''}`);
  // The file, not the in-memory text: it is what the scrub has checked for secrets.
  const file = join(config.reportDir, transcriptPath(result.check.id));
  if (existsSync(file)) io.out(`── transcript (redacted) ${file}\n${readFileSync(file, 'utf8')}`);
  else io.out('── no transcript: the check exchanged nothing over HTTP');
  return exitCode;
}
