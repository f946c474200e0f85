// `wirecheck run`: options → targets → suites (vitest Node API) → reports → exit code.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { gatesRun } from '../checks/outcome.ts';
import type { CheckResult } from '../report/check-result.ts';
import { collectResults } from '../report/collect-results.ts';
import { finalTable, progressLine } from '../report/terminal.ts';
import type { RunConfig } from '../target/run-config.ts';
import { startTargets, stopTargets, targetsBySystem } from '../target/start-targets.ts';
import type { RunContext } from '../target/target-info.ts';
import { HARNESS_VERSION } from '../version.ts';
import { EXIT } from './exit-codes.ts';
import type { Output } from './output.ts';
import { selectChecks } from './select-checks.ts';
import { runSuites } from './suite-runner.ts';
import { writeReports } from './write-reports.ts';
import { scrubSecrets } from '../report/scrub-secrets.ts';
import { findCheck } from '../checks/catalog.ts';

export interface RunResult {
  readonly exitCode: number;
  readonly results: readonly CheckResult[];
}

export function exitCodeOf(results: readonly CheckResult[]): number {
  if (results.some((r) => gatesRun(r.outcome))) return EXIT.failed;
  if (!results.some((r) => r.outcome !== 'skipped')) return EXIT.vacuous;
  return EXIT.passed;
}

function secretsOf(config: RunConfig): string[] {
  return [config.webhook.secret, config.resourceApi.token].filter((s): s is string => Boolean(s));
}

export async function runCertification(config: RunConfig, env: NodeJS.ProcessEnv, io: Output, options: { allure: boolean }): Promise<RunResult> {
  const startedAt = new Date();
  const selected = selectChecks(config);
  const systems = config.systems.filter((s) => selected.some((c) => c.system === s));
  io.out(`wirecheck ${HARNESS_VERSION} — ${config.systems.join(', ')} against the ${config.target === 'reference' ? 'bundled reference' : config.baseUrl}`);
  io.out(`seed ${config.seed} · ${selected.length} checks selected · reports in ${config.reportDir}`);
  mkdirSync(config.reportDir, { recursive: true });
  if (selected.length === 0) {
    io.err(`no check matches --only "${config.only?.spec ?? ''}" in ${config.systems.join(', ')}: nothing was executed (\`wirecheck list\` shows every id)`);
    await writeReports({ config, results: [], baseUrl: config.baseUrl ?? '', startedAt, exitCode: EXIT.vacuous, allure: false });
    return { exitCode: EXIT.vacuous, results: [] };
  }
  const started = await startTargets(config, systems, env);
  try {
    const targets = targetsBySystem(started);
    const context: RunContext = { seed: config.seed, strict: config.strict, reportDir: config.reportDir, reproduce: config.reproduce, targets, secrets: secretsOf(config) };
    const { reporter } = await runSuites({
      selected, context, allureResultsDir: join(config.reportDir, 'allure-results'),
      onProgress: (test) => {
        const check = findCheck(test.id);
        if (!check) return;
        const [result] = collectResults([check], new Map([[test.id, test]]), [], config.strict);
        if (result) io.out(progressLine(result, io.color));
      },
    });
    for (const error of reporter.runErrors) io.err(`wirecheck: ${error}`);
    const results = collectResults(selected, reporter.tests, reporter.runErrors, config.strict);
    for (const missing of results.filter((r) => !reporter.tests.has(r.check.id))) io.out(progressLine(missing, io.color));
    const exitCode = exitCodeOf(results);
    const baseUrl = started.map((s) => s.target.baseUrl).join(' ');
    const files = await writeReports({ config, results, baseUrl, startedAt, exitCode, allure: options.allure });
    for (const file of scrubSecrets(config.reportDir, secretsOf(config))) io.err(`wirecheck: redacted a secret that reached ${file}`);
    io.out(`\n${finalTable(results)}\n`);
    io.out(`summary  ${files.summary}\njunit    ${files.junit}`);
    if (files.allureHtml) io.out(`allure   ${files.allureHtml}`);
    if (files.allureError) io.err(`wirecheck: the Allure HTML report could not be generated: ${files.allureError}`);
    io.out(verdict(exitCode, results, config));
    return { exitCode, results };
  } finally {
    await stopTargets(started);
  }
}

function verdict(exitCode: number, results: readonly CheckResult[], config: RunConfig): string {
  const failed = results.filter((r) => r.outcome === 'failed').map((r) => r.check.id);
  if (exitCode === EXIT.failed) return `\nFAILED (exit 1): ${failed.join(', ')}`;
  if (exitCode === EXIT.vacuous) return '\nNOTHING EXECUTED (exit 3): every selected check was skipped';
  const warned = results.filter((r) => r.outcome === 'warned').length;
  return `\nPASSED (exit 0)${warned ? ` with ${warned} SHOULD warning(s)${config.strict ? '' : ' (--strict makes them fail)'}` : ''}`;
}

