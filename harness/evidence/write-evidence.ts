// The last steps of a run, in the order that keeps secrets out of what leaves the
// machine: report.html (drawn from the run's record: the summary and transcripts,
// both already redacted), then the scrub of the whole report dir, then — with
// --bundle — the bundle of the scrubbed files, its manifest and signature.
import type { RunRecord } from '../report/run-record.ts';
import { scrubSecrets } from '../report/scrub-secrets.ts';
import { writeHtmlReport } from '../report/html/html-report.ts';
import type { KeyObject } from 'node:crypto';
import type { SystemFingerprint } from './bundle/target-fingerprint.ts';
import { writeBundle } from './bundle/write-bundle.ts';

/** What of the run's configuration the evidence needs (RunConfig has it; declared here so evidence/ needs nothing of run/). */
export interface EvidenceRun {
  readonly runId: string;
  readonly reportDir: string;
  readonly target: string;
  readonly docker?: object;
  readonly bundle?: { readonly signKey?: KeyObject };
}

export interface EvidenceFiles {
  readonly html: string;
  /** Files that still held a secret and were scrubbed (each one a redaction gap). */
  readonly scrubbed: readonly string[];
  readonly bundle?: { readonly file: string; readonly signed: boolean; readonly fileCount: number };
}

export async function writeEvidence(record: RunRecord, options: {
  config: EvidenceRun;
  secrets: readonly string[];
  /** The command line as typed, secrets as placeholders. */
  commandLine: string;
  fingerprint: readonly SystemFingerprint[];
}): Promise<EvidenceFiles> {
  const { config, secrets } = options;
  const html = writeHtmlReport(config.reportDir, record);
  // The scrub reads the report dir back on purpose: it is the last line of defence over
  // every file there — those of other writers too (allure-vitest's results, the Allure
  // report, the targets' logs) — whatever path a secret took to reach one.
  const scrubbed = scrubSecrets(config.reportDir, secrets);
  if (!config.bundle) return { html, scrubbed };
  const { summary } = record;
  // The bundle packs the report's files from disk as scrubbed, and its manifest holds their sha256 sums.
  const bundle = await writeBundle({
    reportDir: config.reportDir,
    run: { runId: config.runId, systems: summary.systems, startedAt: summary.startedAt, seed: summary.seed, exitCode: summary.exitCode, totals: summary.totals },
    target: { kind: config.docker ? 'docker' : summary.target.kind, systems: options.fingerprint },
    commandLine: options.commandLine,
    ...(config.bundle.signKey ? { signKey: config.bundle.signKey } : {}),
    secrets,
  });
  return { html, scrubbed, bundle };
}
