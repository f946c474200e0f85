// The last steps of a run, in the order that keeps secrets out of what leaves the
// machine: report.html (drawn from summary.json and transcripts, both already
// redacted), then the scrub of the whole report dir, then — with --bundle — the
// bundle of the scrubbed files, its manifest and signature.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Summary } from '../report/summary.ts';
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

export async function writeEvidence(options: {
  config: EvidenceRun;
  secrets: readonly string[];
  /** The command line as typed, secrets as placeholders. */
  commandLine: string;
  fingerprint: readonly SystemFingerprint[];
}): Promise<EvidenceFiles> {
  const { config, secrets } = options;
  const html = writeHtmlReport(config.reportDir);
  const scrubbed = scrubSecrets(config.reportDir, secrets);
  if (!config.bundle) return { html, scrubbed };
  const summary = JSON.parse(readFileSync(join(config.reportDir, 'summary.json'), 'utf8')) as Summary;
  const bundle = await writeBundle({
    reportDir: config.reportDir,
    run: { runId: config.runId, systems: summary.systems, startedAt: summary.startedAt, seed: summary.seed, exitCode: summary.exitCode, totals: summary.totals },
    target: { kind: config.docker ? 'docker' : config.target, systems: options.fingerprint },
    commandLine: options.commandLine,
    ...(config.bundle.signKey ? { signKey: config.bundle.signKey } : {}),
    secrets,
  });
  return { html, scrubbed, bundle };
}
