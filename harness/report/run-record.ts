// One run, in memory, as every report is drawn from it: summary.json's content, the
// judged results (junit.xml's test cases) and the text of each transcript file. The
// run builds it once, when the checks are judged; each report is a function of it,
// written once, and none reads back a file the run wrote (report.html used to read
// summary.json and the transcripts from the report dir).
import type { CheckResult } from './check-result.ts';
import { summaryCheck, totalsOf, transcriptPath, type Summary, type SummaryEvidence } from './summary.ts';
import type { SystemName } from '../checks/check-definition.ts';
import type { TargetKind } from '../target/target-info.ts';

/** What report.html's header says of the run beyond summary.json: which system each URL is, and the self-test's faults. */
export interface RunSetup {
  /** Each started target: its system and URL (summary.json's baseUrl joins the URLs without naming them). */
  readonly targets: readonly { readonly system: SystemName; readonly baseUrl: string; readonly kind?: TargetKind }[];
  /** --reference-fault: the deliberate bugs the bundled reference ran with. */
  readonly faults: readonly string[];
}

export interface RunRecord {
  readonly summary: Summary;
  /** Absent when the run started no target (nothing was selected). */
  readonly setup?: RunSetup;
  readonly results: readonly CheckResult[];
  /** transcripts/<id>.txt by its path in the report dir (the summary's `transcript`): what is written, and what report.html shows. */
  readonly transcriptFiles: ReadonlyMap<string, string>;
}

/** A transcript file: "<id> <title> — <outcome>", "reproduce: ..." when there is one, a blank line, the exchange. */
export function transcriptFile(result: CheckResult & { readonly transcript: string }): string {
  const reproduce = result.reproduce ? `reproduce: ${result.reproduce}\n` : '';
  return `${result.check.id} ${result.check.title} — ${result.outcome}\n${reproduce}\n${result.transcript}\n`;
}

export function runRecord(options: {
  /** What of the run's configuration the summary states (RunConfig has it). */
  config: { readonly systems: readonly SystemName[]; readonly target: TargetKind; readonly seed: number };
  results: readonly CheckResult[];
  baseUrl: string;
  startedAt: Date;
  exitCode: number;
  /** Optional summary fields: harness version, --repeat, --baseline. */
  evidence?: SummaryEvidence;
  setup?: RunSetup;
}): RunRecord {
  const { config, results, startedAt } = options;
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
  const transcriptFiles = new Map<string, string>();
  for (const result of results) {
    if (result.transcript) transcriptFiles.set(transcriptPath(result.check.id), transcriptFile({ ...result, transcript: result.transcript }));
  }
  return { summary, results, transcriptFiles, ...(options.setup ? { setup: options.setup } : {}) };
}
