// Why a check failed, when the reason is not the check's own: one fault of the target
// (a framing error, business work that stopped) or one prerequisite the run could not
// rely on (a preflight finding) makes many checks fail, each in its own words. The cause is the one thing they share,
// said once; the reports show it first and the checks it explains under it
// (report/root-cause-groups.ts). A check's verdict never depends on it.
//
// An error says what it is a symptom of with a `rootCause` property (ExchangeError
// from harness/http, ProblemsFound, a prerequisite's failure), on itself or on an error
// in its `cause` chain (a property's failure wraps the error of its counterexample).
import { escapeControls } from '../http/escape-controls.ts';
import type { Redactor } from '../http/index.ts';

export const CAUSE_KINDS = ['framing', 'prerequisite', 'stuck-work'] as const;
export type CauseKind = (typeof CAUSE_KINDS)[number];

export interface RootCause {
  /**
   * framing: the target's HTTP framing (harness/http/framing-fault.ts); prerequisite: what
   * the preflight could not prove; stuck-work: the receiver's business work stopped
   * (harness/webhook/wait-for-work.ts).
   */
  readonly kind: CauseKind;
  /** One line, the same for every check the cause explains: reports group by kind and description. */
  readonly description: string;
  /** The offending bytes, escaped, when the cause is bytes on the wire. */
  readonly bytes?: string;
}

/** An error that fails a check because a prerequisite failed: the check's reason, and its cause. */
export class PrerequisiteFailed extends Error {
  override readonly name = 'PrerequisiteFailed';
  readonly rootCause: RootCause;

  constructor(description: string) {
    super(description);
    this.rootCause = { kind: 'prerequisite', description };
  }
}

/** Deep enough for any wrapping a check does (a property wraps once). */
const MAX_DEPTH = 8;

function asCause(value: unknown): RootCause | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const { kind, description, bytes } = value as Record<string, unknown>;
  if (!CAUSE_KINDS.includes(kind as CauseKind) || typeof description !== 'string' || description === '') return undefined;
  return { kind: kind as CauseKind, description, ...(typeof bytes === 'string' ? { bytes } : {}) };
}

/** The root cause an error (or one in its cause chain) names, if any. */
export function rootCauseOf(error: unknown): RootCause | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < MAX_DEPTH && typeof current === 'object' && current !== null; depth++) {
    const found = asCause((current as { rootCause?: unknown }).rootCause);
    if (found) return found;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/**
 * The cause as a report may show it: on one line, controls escaped, and redacted (the
 * bytes are the target's, and a target may echo a token it was sent).
 */
export function shownCause(cause: RootCause, redactor: Redactor): RootCause {
  const line = (text: string) => escapeControls(redactor.redactText(text));
  return { kind: cause.kind, description: line(cause.description), ...(cause.bytes !== undefined ? { bytes: line(cause.bytes) } : {}) };
}
