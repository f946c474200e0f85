// What report.html is drawn from: the run's record — summary.json's content (the same
// facts a machine reads) and the transcript files' text — and the catalog's clause lists.
import { findCheck } from '../../systems/catalog.ts';
import type { Outcome } from '../../checks/outcome.ts';
import type { RootCause } from '../../checks/root-cause.ts';
import type { RunRecord, RunSetup } from '../run-record.ts';
import type { Summary, SummaryCheck } from '../summary.ts';

export interface CheckView extends SummaryCheck {
  readonly area: string;
  readonly allows?: string;
  /** The redacted exchange, from transcripts/<id>.txt. */
  readonly transcriptText?: string;
  /** A failure's cause, when several checks may share it (from the run's results: summary.json has no such field). */
  readonly cause?: RootCause;
}

export interface ReportView {
  readonly summary: Summary;
  readonly checks: readonly CheckView[];
  /** Which system each URL is, and the reference's faults. */
  readonly setup?: RunSetup;
}

/** Longer transcripts are cut in the page; the file keeps every byte. */
const MAX_TRANSCRIPT_CHARS = 64 * 1024;

function transcriptText(record: RunRecord, check: SummaryCheck): string | undefined {
  const file = check.transcript === undefined ? undefined : record.transcriptFiles.get(check.transcript);
  if (file === undefined) return undefined;
  // The file starts with "<id> <title>", "reproduce: ..." and a blank line: shown elsewhere.
  const text = file.replace(/^[^\n]*\nreproduce: [^\n]*\n\n/, '');
  return text.length > MAX_TRANSCRIPT_CHARS ? `${text.slice(0, MAX_TRANSCRIPT_CHARS)}\n… cut here: ${text.length} characters in ${check.transcript}` : text;
}

export function reportView(record: RunRecord): ReportView {
  const { summary } = record;
  const causes = new Map(record.results.flatMap((r) => (r.cause ? [[r.check.id, r.cause] as const] : [])));
  const checks = summary.checks.map((check): CheckView => {
    const def = findCheck(check.id);
    const text = transcriptText(record, check);
    const cause = causes.get(check.id);
    return {
      ...check, area: def?.area ?? check.id.split('-')[1] ?? '', ...(def?.allows ? { allows: def.allows } : {}),
      ...(text !== undefined ? { transcriptText: text } : {}), ...(cause ? { cause } : {}),
    };
  });
  return { summary, checks, ...(record.setup ? { setup: record.setup } : {}) };
}

/** Worst first: what a tile or a clause is coloured by. */
export const SEVERITY: readonly Outcome[] = ['failed', 'warned', 'error', 'passed', 'info', 'skipped'];

export function worstOf(outcomes: readonly Outcome[]): Outcome | undefined {
  return SEVERITY.find((o) => outcomes.includes(o));
}
