// `wirecheck baseline write --out FILE --expires DATE --reason TEXT` and either
// `--from summary.json` (a finished run) or `<system> [run options]` (runs it now):
// one entry per failed check. Exit 0 written, 2 usage; every problem at once.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { ERROR_CODES, OptionsError, WirecheckError } from '../../errors.ts';
import { isCalendarDate, utcDay } from '../../evidence/baseline/baseline-entry.ts';
import { entriesFromFailures, formatBaseline } from '../../evidence/baseline/format-baseline.ts';
import { redactedCommandLine } from '../../evidence/bundle/command-line.ts';
import type { Summary } from '../../report/summary.ts';
import { resolveRunConfig, type RunConfig } from '../../run/run-config.ts';
import { runOptionSpec } from '../../run/run-options.ts';
import { installSignalCleanup } from '../../target/cleanup.ts';
import { BASELINE_HELP } from '../help.ts';
import type { Output } from '../../report/output.ts';
import { parseCommandLine, type OptionValues } from '../parse-command-line.ts';
import { optionsWithConfigFile } from '../options-with-config-file.ts';

const HELP = 'wirecheck baseline --help';
const baselineOptions = () => ({ ...runOptionSpec(), from: { type: 'string' }, out: { type: 'string' }, expires: { type: 'string' }, reason: { type: 'string' }, force: { type: 'boolean' } } as const);

function ownProblems(values: OptionValues, system: string | undefined): string[] {
  const problems: string[] = [];
  const { from, out, expires, reason } = values;
  if (typeof out !== 'string' || out === '') problems.push('missing --out FILE: where to write the baseline (.yaml, .yml or .json)');
  // A baseline is curated by hand (reasons, owners): never overwritten unasked, as keygen never overwrites a key.
  else if (existsSync(resolve(out)) && values['force'] !== true) problems.push(`--out ${out} exists: a baseline is curated by hand, so it is not overwritten; choose another file, or add --force to replace it`);
  if (typeof expires !== 'string') problems.push('missing --expires YYYY-MM-DD: until when the failures are accepted');
  else if (!isCalendarDate(expires)) problems.push(`--expires "${expires}" is not a date: write YYYY-MM-DD, e.g. 2027-01-31`);
  else if (expires < utcDay()) problems.push(`--expires ${expires} is already past: an expired entry gates at once`);
  if (typeof reason !== 'string' || reason.trim() === '') problems.push('missing --reason TEXT: why the failures are accepted (e.g. a ticket)');
  if (from !== undefined && system !== undefined) problems.push(`give either --from summary.json or a <system> to run, not both (got --from and "${system}")`);
  if (from === undefined && system === undefined) problems.push('missing the run to take failures from: --from reports/<run-id>/summary.json, or a <system> and its run options');
  return problems;
}

function failuresFromSummary(file: string): RunFailures {
  let summary: Summary;
  try {
    summary = JSON.parse(readFileSync(file, 'utf8')) as Summary;
  } catch (error) {
    throw new WirecheckError(ERROR_CODES.summaryUnreadable, `--from ${file}: ${existsSync(file) ? `not JSON (${(error as Error).message})` : 'no such file'}`);
  }
  if (summary?.schema !== 'wirecheck.summary/v1' || !Array.isArray(summary.checks)) {
    throw new WirecheckError(ERROR_CODES.summaryUnreadable, `--from ${file} is not a wirecheck summary.json (schema wirecheck.summary/v1)`);
  }
  return outcomesOf(summary.checks.map((c) => ({ id: c.id, outcome: c.outcome })));
}

/** What a baseline is written from: the failed checks — and those the harness could not judge, which are no known failure and are only named. */
interface RunFailures {
  readonly failed: readonly string[];
  readonly errors: readonly string[];
}

function outcomesOf(checks: readonly { id: string; outcome: string }[]): RunFailures {
  return { failed: checks.filter((c) => c.outcome === 'failed').map((c) => c.id), errors: checks.filter((c) => c.outcome === 'error').map((c) => c.id) };
}

async function failuresFromRun(config: RunConfig, args: readonly string[], env: NodeJS.ProcessEnv, io: Output): Promise<RunFailures> {
  installSignalCleanup((text) => io.err(text));
  const { runCertification } = await import('../../run/run-certification.ts');
  const { results } = await runCertification(config, io, { allure: false, commandLine: redactedCommandLine('baseline', args) });
  return outcomesOf(results.map((r) => ({ id: r.check.id, outcome: r.outcome })));
}

export async function baselineCommand(args: readonly string[], env: NodeJS.ProcessEnv, io: Output): Promise<number> {
  const { positionals, values } = parseCommandLine(args, baselineOptions(), HELP);
  if (values['help'] || positionals.length === 0) {
    io.out(BASELINE_HELP);
    return values['help'] ? 0 : 2;
  }
  const [action, system, extra] = positionals;
  if (action !== 'write') throw new OptionsError([`unknown action "${action}": the baseline command has one, write`], HELP);
  const problems = ownProblems(values, system);
  if (extra !== undefined) problems.push(`unexpected argument "${extra}"`);
  let config: RunConfig | undefined;
  if (system !== undefined) {
    try {
      // The run's options: a config file's too, as for `wirecheck run`.
      const run = optionsWithConfigFile(values, baselineOptions(), process.cwd(), io);
      config = resolveRunConfig({ ...run.values, system }, env, process.cwd(), run.origin);
    } catch (error) {
      if (!(error instanceof OptionsError)) throw error;
      problems.push(...error.problems);
    }
  }
  if (problems.length > 0) throw new OptionsError(problems, HELP);
  const source = typeof values['from'] === 'string' ? resolve(values['from']) : undefined;
  const { failed, errors } = source ? failuresFromSummary(source) : await failuresFromRun(config as RunConfig, args, env, io);
  const out = resolve(String(values['out']));
  const entries = entriesFromFailures(failed.map((id) => ({ id })), String(values['reason']).trim(), String(values['expires']));
  writeFileSync(out, formatBaseline(entries, out, source ?? `a run of ${system ?? ''}`));
  io.out(`\nbaseline ${out}: ${entries.length} entr${entries.length === 1 ? 'y' : 'ies'}${entries.length ? ` (${entries.map((e) => e.id).join(', ')})` : ' — the run had no failure'}, expiring ${String(values['expires'])}`);
  if (errors.length > 0) io.out(`not written: ${errors.join(', ')} ended in error (the harness could not judge them), which is no known failure of the target — run again to judge them`);
  io.out(`use it: wirecheck run ... --baseline ${out}`);
  return 0;
}
