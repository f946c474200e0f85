// Everything a run leaves in its report dir: summary.json, junit.xml, one transcript
// file per failed or warned check, and the Allure HTML report.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { CheckResult } from '../report/check-result.ts';
import { writeJunit } from '../report/junit.ts';
import { summaryCheck, totalsOf, transcriptPath, writeSummary, type Summary, type SummaryEvidence } from '../report/summary.ts';
import { generateAllureHtml } from '../report/allure-html.ts';
import { escapeAllureResults } from '../report/escape-allure-results.ts';
import type { RunConfig } from './run-config.ts';

export interface ReportFiles {
  readonly summary: string;
  readonly junit: string;
  readonly allureHtml?: string;
  readonly allureError?: string;
}

export async function writeReports(options: {
  config: RunConfig;
  results: readonly CheckResult[];
  baseUrl: string;
  startedAt: Date;
  exitCode: number;
  allure: boolean;
  /** Optional summary fields: harness version, --repeat, --baseline. */
  evidence?: SummaryEvidence;
}): Promise<ReportFiles> {
  const { config, results, startedAt } = options;
  mkdirSync(config.reportDir, { recursive: true });
  for (const result of results) {
    if (!result.transcript) continue;
    const file = join(config.reportDir, transcriptPath(result.check.id));
    mkdirSync(join(config.reportDir, 'transcripts'), { recursive: true });
    const reproduce = result.reproduce ? `reproduce: ${result.reproduce}\n` : '';
    writeFileSync(file, `${result.check.id} ${result.check.title} — ${result.outcome}\n${reproduce}\n${result.transcript}\n`);
  }
  const summary: Summary = {
    schema: 'wirecheck.summary/v1',
    systems: [...config.systems],
    target: { kind: config.target, baseUrl: options.baseUrl },
    startedAt: startedAt.toISOString(),
    durationMs: Date.now() - startedAt.getTime(),
    seed: config.seed,
    exitCode: options.exitCode,
    totals: totalsOf(results),
    checks: results.map(summaryCheck),
    ...options.evidence,
  };
  const files: ReportFiles = {
    summary: writeSummary(config.reportDir, summary),
    junit: writeJunit(config.reportDir, results, summary.startedAt),
  };
  // allure-vitest wrote these as the checks ran, a target's words and all: escaped before anything reads them.
  escapeAllureResults(join(config.reportDir, 'allure-results'));
  if (!options.allure || results.length === 0) return files;
  try {
    const html = await generateAllureHtml(join(config.reportDir, 'allure-results'), join(config.reportDir, 'allure-report'), `wirecheck ${config.systems.join(', ')}`);
    return { ...files, allureHtml: html };
  } catch (error) {
    return { ...files, allureError: (error as Error).message.split('\n')[0] ?? 'failed' };
  }
}
