// Everything a run leaves in its report dir, each file written once from the run's
// record (report/run-record.ts): one transcript file per check that kept one,
// summary.json, junit.xml, the Allure HTML report, then report.html, the scrub and
// the bundle (evidence/write-evidence.ts) — in that order.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { writeJunit } from '../report/junit.ts';
import { writeSummary } from '../report/summary.ts';
import type { RunRecord } from '../report/run-record.ts';
import { generateAllureHtml } from '../report/allure-html.ts';
import { escapeAllureResults } from '../report/escape-allure-results.ts';
import { allureReportName, markAllureResults } from '../report/allure-overview.ts';
import type { RunConfig } from './run-config.ts';
import type { SystemFingerprint } from '../evidence/bundle/target-fingerprint.ts';
import { writeEvidence, type EvidenceFiles } from '../evidence/write-evidence.ts';

export interface ReportFiles {
  readonly summary: string;
  readonly junit: string;
  readonly allureHtml?: string;
  readonly allureError?: string;
  readonly evidence: EvidenceFiles;
}

function writeTranscripts(reportDir: string, record: RunRecord): void {
  for (const [path, text] of record.transcriptFiles) {
    mkdirSync(join(reportDir, 'transcripts'), { recursive: true });
    writeFileSync(join(reportDir, path), text);
  }
}

/**
 * The Allure HTML report. It is drawn from the results allure-vitest wrote while the
 * checks ran, a target's words and all — not from the record, which only names it —
 * so they are escaped before anything reads them; then each is given its outcome as the
 * record judged it, and the results dir the run's verdict (allure-overview.ts).
 */
async function writeAllure(record: RunRecord, reportDir: string, allure: boolean): Promise<Pick<ReportFiles, 'allureHtml' | 'allureError'>> {
  const results = join(reportDir, 'allure-results');
  escapeAllureResults(results);
  if (record.results.length === 0) return {};
  markAllureResults(results, record);
  if (!allure) return {};
  try {
    return { allureHtml: await generateAllureHtml(results, join(reportDir, 'allure-report'), allureReportName(record)) };
  } catch (error) {
    return { allureError: (error as Error).message.split('\n')[0] ?? 'failed' };
  }
}

export async function writeReports(record: RunRecord, options: {
  config: RunConfig;
  allure: boolean;
  secrets: readonly string[];
  /** The command line as typed, secrets as placeholders. */
  commandLine: string;
  /** What the targets answered to their preflight request, for the bundle's manifest. */
  fingerprint: readonly SystemFingerprint[];
}): Promise<ReportFiles> {
  const { reportDir } = options.config;
  mkdirSync(reportDir, { recursive: true });
  writeTranscripts(reportDir, record);
  const summary = writeSummary(reportDir, record.summary);
  const junit = writeJunit(reportDir, record.results, record.summary.startedAt);
  const allure = await writeAllure(record, reportDir, options.allure);
  // report.html before the scrub, the bundle after it (writeEvidence keeps that order).
  const evidence = await writeEvidence(record, { config: options.config, secrets: options.secrets, commandLine: options.commandLine, fingerprint: options.fingerprint });
  return { summary, junit, ...allure, evidence };
}
